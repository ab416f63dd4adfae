import Glibc
import VitrineBench
import VitrineCLI

exit(CLI.run(Array(CommandLine.arguments.dropFirst()), adding: Bench.commands))
