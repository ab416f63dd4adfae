import Glibc

/// The cores online, at least 1: how many threads a decode splits into.
enum Cores {
    static let active: Int = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
