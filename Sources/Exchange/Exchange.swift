// Exchange: filled in by its issue.
