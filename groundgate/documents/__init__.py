"""PDF handling with PyMuPDF: text extraction into chunks, page rendering with highlights,
annotated PDFs. No Django here: functions take bytes and return dataclasses, and the services
store the results.

Coordinates are PDF points in *unrotated* page space (origin top-left of the page's crop box),
which is what PyMuPDF's text extraction reports and what its drawing methods take; a page's
rotation is applied only when it is rendered. See docs/pdf-ingestion.md.
"""
