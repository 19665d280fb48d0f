// Itinerary: filled in by its issue.
