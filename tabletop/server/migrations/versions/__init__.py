"""The revisions, oldest first (each names the one it follows in ``down_revision``)."""
