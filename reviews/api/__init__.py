"""The review side of the REST API: cases with their review state, reviews, the export. Mounted
under /api/v1/datasets/<slug>/ by groundgate/api/urls.py (by name, so groundgate never imports
reviews)."""
