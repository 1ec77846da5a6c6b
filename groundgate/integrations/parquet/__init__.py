"""Export records as Parquet (pyarrow), readable by pyarrow, pandas and Hugging Face datasets."""

from groundgate.integrations.parquet.records import (
    PARQUET_SCHEMA,
    parquet_record,
    parquet_stream,
)

__all__ = ["PARQUET_SCHEMA", "parquet_record", "parquet_stream"]
