"""Topic modules of the framework catalogue; see export.py's catalogue_extras."""
