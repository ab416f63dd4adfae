// The shared test helpers (a director driven frame by frame), for every test of this target.
@_exported import VitrineTestSupport
