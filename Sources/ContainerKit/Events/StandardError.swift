#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes to the process's standard error without Foundation.
enum StandardError {
    static func write(_ text: String) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            var text = text
            text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = writeBytes(bytes.baseAddress! + offset, bytes.count - offset)
                    guard written > 0 else { return }
                    offset += written
                }
            }
        #else
            print(text, terminator: "")
        #endif
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        private static func writeBytes(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
            #if canImport(Darwin)
                return Darwin.write(STDERR_FILENO, pointer, count)
            #elseif canImport(Glibc)
                return Glibc.write(STDERR_FILENO, pointer, count)
            #else
                return Musl.write(STDERR_FILENO, pointer, count)
            #endif
        }
    #endif
}
