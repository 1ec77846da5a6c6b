"""Read-side queries over groundgate's records. "Current" is always a query over append-only rows,
never a stored flag. Who may see which records is decided in groundgate.access."""
