// Gazetteer: filled in by its issue.
