/// What remotes asked the director for over the schedule; each holds until the next
/// scheduled change or until `auto` is asked.
struct RemoteAsks: Equatable {
    /// A playlist a remote asked for.
    var playlist: String?
    /// The display as a remote asked (on or off).
    var display: Bool?
}
