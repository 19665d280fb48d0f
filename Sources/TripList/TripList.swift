// TripList: filled in by its issue.
