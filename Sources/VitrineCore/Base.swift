// The geometry, colour, metadata, file-name and log types the decode worker shares with the
// player live in VitrineBase (no Foundation); every user of VitrineCore sees them as before.
@_exported import VitrineBase
