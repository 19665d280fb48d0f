// TripMap: filled in by its issue.
