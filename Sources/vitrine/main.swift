import Glibc
import VitrineCLI

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
