// TripDetail: filled in by its issue.
