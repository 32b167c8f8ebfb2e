import CardTestSupport
import Foundation

/// A second reader of the XMP sidecars the viewer writes: Python's standard XML parser (no
/// XMP library), looking for darktable's `xmp:Rating` and digiKam's `digiKam:PickLabel` in their
/// namespaces, as attributes or elements of any `rdf:Description`.
enum SidecarReadBack {
    /// One line per sidecar, in order: "NAME RATING PICKLABEL" (empty strings where a property
    /// is missing); nil when Python failed.
    static func ratings(of sidecars: [String]) throws -> [String]? {
        let python = try ChildProcess.run("/usr/bin/python3", ["-c", reader] + sidecars)
        guard python.status == 0 else { return nil }
        let printed = python.stdout
        return printed.split(separator: "\n").map(String.init)
    }

    private static let reader = """
    from sys import argv
    from xml.etree import ElementTree as ET
    ns = {'rdf': 'http://www.w3.org/1999/02/22-rdf-syntax-ns#', 'xmp': 'http://ns.adobe.com/xap/1.0/',
          'digiKam': 'http://www.digikam.org/ns/1.0/'}
    for path in argv[1:]:
        root = ET.parse(path).getroot()
        def value(name):
            prefix, local = name.split(':')
            key = '{%s}%s' % (ns[prefix], local)
            for d in root.iter('{http://www.w3.org/1999/02/22-rdf-syntax-ns#}Description'):
                if key in d.attrib: return d.attrib[key]
                child = d.find(name, ns)
                if child is not None: return child.text
            return ''
        print(path.rsplit('/', 1)[1], value('xmp:Rating'), value('digiKam:PickLabel'))
    """
}
