internal import CYAML

/// Reads one YAML document into a ``YAMLNode`` tree with libyaml's event parser: anchors
/// and aliases resolved (an alias is a copy of its anchor's node), merge keys (`<<: *base`,
/// `<<: [*a, *b]`) applied as js-yaml applies them (a key already in the mapping is kept,
/// a later explicit key replaces a merged one), a key given twice refused, as js-yaml does.
enum YAMLReader {
    /// The document's root node; `nil` for a stream with no document (an empty file, or
    /// only comments).
    static func read(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode? {
        guard !bytes.isEmpty else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw YAMLError(line: 1, column: 1, message: "libyaml could not start") }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress!, buffer.count)
            var builder = Builder()
            var documents = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw YAMLError(parser: parser) }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                if event.type == YAML_DOCUMENT_START_EVENT {
                    documents += 1
                    if documents > 1 {
                        throw YAMLError(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
                                        message: "a second YAML document, where one is expected")
                    }
                }
                try builder.take(event)
            }
            return builder.root
        }
    }
}

/// The nodes being built from the parser's events: a stack of open sequences and mappings.
private struct Builder {
    private enum Open {
        case sequence(YAMLNode, anchor: String?)
        case mapping(YAMLNode, anchor: String?, pending: YAMLNode?, merged: Set<String>, keys: Set<String>)
    }

    private var stack: [Open] = []
    private var anchors: [String: YAMLNode] = [:]
    private(set) var root: YAMLNode?

    mutating func take(_ event: yaml_event_t) throws(YAMLError) {
        let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = Self.text(scalar.value, length: scalar.length)
            let tag = scalar.tag.map { String(cString: $0) }
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            let kind = YAMLScalarResolver.kind(of: text, isPlain: isPlain, tag: tag)
            let node = YAMLNode(value: .scalar(YAMLScalar(text: text, kind: kind, isPlain: isPlain && tag == nil)),
                                line: line, column: column)
            try add(node, anchor: scalar.anchor.map { String(cString: $0) })
        case YAML_ALIAS_EVENT:
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            guard let node = anchors[name] else {
                throw YAMLError(line: line, column: column, message: "the alias *\(name) names no anchor before it")
            }
            try add(node, anchor: nil, isAlias: true)
        case YAML_SEQUENCE_START_EVENT:
            let anchor = event.data.sequence_start.anchor.map { String(cString: $0) }
            stack.append(.sequence(YAMLNode(value: .sequence([]), line: line, column: column), anchor: anchor))
        case YAML_MAPPING_START_EVENT:
            let anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
            stack.append(.mapping(YAMLNode(value: .mapping([]), line: line, column: column), anchor: anchor,
                                  pending: nil, merged: [], keys: []))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            switch stack.removeLast() {
            case .sequence(let node, let anchor): try add(node, anchor: anchor)
            case .mapping(let node, let anchor, _, _, _): try add(node, anchor: anchor)
            }
        default:
            break
        }
    }

    private static func text(_ value: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let value else { return "" }
        return String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self)
    }

    /// Places a finished node in the open collection, or makes it the root.
    private mutating func add(_ node: YAMLNode, anchor: String?, isAlias: Bool = false) throws(YAMLError) {
        if let anchor { anchors[anchor] = node }
        guard let open = stack.popLast() else {
            root = node
            return
        }
        switch open {
        case .sequence(var sequence, let anchor):
            if case .sequence(var items) = sequence.value {
                items.append(node)
                sequence.value = .sequence(items)
            }
            stack.append(.sequence(sequence, anchor: anchor))
        case .mapping(var mapping, let anchor, let pending, var merged, var keys):
            guard let key = pending else {
                stack.append(.mapping(mapping, anchor: anchor, pending: node, merged: merged, keys: keys))
                return
            }
            guard case .mapping(var pairs) = mapping.value else { return }
            if case .scalar(let scalar) = key.value, scalar.isPlain, scalar.text == "<<" {
                try Self.merge(node, into: &pairs, merged: &merged, keys: &keys)
            } else {
                let name = Self.keyText(key)
                if keys.contains(name) {
                    guard merged.contains(name), let index = pairs.firstIndex(where: { Self.keyText($0.key) == name }) else {
                        throw YAMLError(line: key.line, column: key.column, message: "the key '\(name)' is given twice in one mapping")
                    }
                    pairs[index] = (key, node)
                    merged.remove(name)
                } else {
                    pairs.append((key, node))
                    keys.insert(name)
                }
            }
            mapping.value = .mapping(pairs)
            stack.append(.mapping(mapping, anchor: anchor, pending: nil, merged: merged, keys: keys))
        }
    }

    /// A key as js-yaml names it: a scalar's text; a collection by its kind (refused later).
    private static func keyText(_ key: YAMLNode) -> String {
        if case .scalar(let scalar) = key.value { return scalar.text }
        return "\u{0}" + key.kindWords + "@\(key.line):\(key.column)"
    }

    /// `<<: mapping` or `<<: [mapping, …]`: each pair whose key the mapping lacks, first source first.
    private static func merge(_ source: YAMLNode, into pairs: inout [(key: YAMLNode, value: YAMLNode)],
                              merged: inout Set<String>, keys: inout Set<String>) throws(YAMLError) {
        let sources: [YAMLNode]
        switch source.value {
        case .mapping: sources = [source]
        case .sequence(let items): sources = items
        case .scalar:
            throw YAMLError(line: source.line, column: source.column, message: "a merge key (<<) takes a mapping or a list of mappings")
        }
        for item in sources {
            guard case .mapping(let extra) = item.value else {
                throw YAMLError(line: item.line, column: item.column, message: "a merge key (<<) takes a mapping or a list of mappings")
            }
            for pair in extra where !keys.contains(keyText(pair.key)) {
                pairs.append(pair)
                keys.insert(keyText(pair.key))
                merged.insert(keyText(pair.key))
            }
        }
    }
}
