// Decoding lives in VitrineDecode, which the decode worker is built from alone; the player and
// the commands see its types through VitrineMedia as before.
@_exported import VitrineDecode
