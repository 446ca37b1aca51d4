/// Something created inside a creation that is not finished yet, made visible only when it is.
protocol PendingPublication: AnyObject {
    func publish()
    func discard()
}
