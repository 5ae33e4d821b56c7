"""Other tools' output -> domain records: evidence files (one module per tool family, sniffing) and
``nvidia-smi -q -x`` captures of a machine."""
