package org.ddstuner.health.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Where each value of a JSON text starts, by JSON pointer ({@code /rules/2/when}): a tree loses positions, and a
 * person fixing a rules file wants the line and column of the value that is wrong, not only its path. Only used on
 * text {@link StrictJson#parse} already accepted.
 */
public final class JsonLocations {

    /** 1-based line and column. */
    public record At(int line, int column) {
        @Override
        public String toString() {
            return "line " + line + ", column " + column;
        }
    }

    private final Map<String, At> starts = new HashMap<>();

    public JsonLocations(String text) {
        try (JsonParser p = StrictJson.mapper().getFactory().createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME || t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    continue;
                }
                JsonStreamContext ctx = p.getParsingContext();
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    ctx = ctx.getParent(); // the new container's own context has no name/index yet
                }
                JsonLocation l = p.currentTokenLocation();
                starts.putIfAbsent(ctx == null ? "" : ctx.pathAsPointer().toString(),
                        new At(l.getLineNr(), l.getColumnNr()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the value at {@code pointer} starts; the closest enclosing value's start when it is absent. */
    public At of(String pointer) {
        String p = pointer;
        while (true) {
            At at = starts.get(p);
            if (at != null || p.isEmpty()) {
                return at != null ? at : new At(1, 1);
            }
            p = p.substring(0, Math.max(0, p.lastIndexOf('/')));
        }
    }
}
