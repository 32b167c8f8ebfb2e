/// The XDG base directory for caches (the freedesktop.org Base Directory specification).
public enum CacheHome {
    /// `$XDG_CACHE_HOME` when that variable is an absolute path, else `$HOME/.cache`; nil when
    /// neither is usable. `environment` holds the variables (`PathBytes.environment` keeps a
    /// home folder's name that is not UTF-8).
    public static func folder(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache" }
        return nil
    }
}
