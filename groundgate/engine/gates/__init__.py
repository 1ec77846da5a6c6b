"""One module per gate family. Each defines its finding codes as constants next to the rule."""
