"""A disputed hand step by step: the audit page, its what-if and its printed copy."""
