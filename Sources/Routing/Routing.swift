// Routing: filled in by its issue.
