import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a Foundation file operation failed, in the system's own words: the POSIX error underneath (`strerror`:
/// "Not a directory", "Permission denied"), never Foundation's "The operation could not be completed.
/// (NSCocoaErrorDomain error 256.)" or a dump of the error's user info.
public enum SystemError {
    /// The reason for `error` as a short phrase.
    public static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error { return reason(underlying) }
        if ns.domain == NSCocoaErrorDomain, let phrase = cocoaPhrases[ns.code] { return phrase }
        return ns.localizedFailureReason ?? ns.localizedDescription
    }

    /// Foundation's file error codes that come without a POSIX error underneath.
    private static let cocoaPhrases: [Int: String] = [
        CocoaError.fileNoSuchFile.rawValue: "no such file or folder", CocoaError.fileReadNoSuchFile.rawValue: "no such file or folder",
        CocoaError.fileLocking.rawValue: "the file is locked", CocoaError.fileReadUnknown.rawValue: "read error",
        CocoaError.fileReadNoPermission.rawValue: "permission denied", CocoaError.fileReadInvalidFileName.rawValue: "invalid file name",
        CocoaError.fileReadCorruptFile.rawValue: "the file is corrupt", CocoaError.fileReadTooLarge.rawValue: "the file is too large",
        CocoaError.fileReadInapplicableStringEncoding.rawValue: "the file is not text in the expected encoding",
        CocoaError.fileWriteUnknown.rawValue: "write error", CocoaError.fileWriteNoPermission.rawValue: "permission denied",
        CocoaError.fileWriteInvalidFileName.rawValue: "invalid file name", CocoaError.fileWriteFileExists.rawValue: "already exists",
        CocoaError.fileWriteOutOfSpace.rawValue: "no space left on device", CocoaError.fileWriteVolumeReadOnly.rawValue: "read-only file system",
    ]
}
