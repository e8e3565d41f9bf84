"""What a phone keeps without a connection: the manifest, the service worker, the offline page."""
