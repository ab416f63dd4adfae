import VitrineCLI

/// The benchmark commands (`bench`, `bench-scan`), which the `vitrine` executable adds to the
/// command line; kept out of the product's libraries with libpng, which only their floors link.
public enum Bench {
    public static let commands: [CLI.Command] = [ScanBenchCommand.command, BenchCommand.command]
}
