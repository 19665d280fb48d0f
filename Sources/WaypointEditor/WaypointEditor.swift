// WaypointEditor: filled in by its issue.
