"""Stichwort's command-line program; the work lives in the stage packages."""
