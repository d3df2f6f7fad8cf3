package org.ddstuner.bench.fuzz.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the seed corpus: real frames of each type (PROTOCOL.md), length-prefixed, with byte 0 for the frame limit. */
public final class FrameSeeds {

    private FrameSeeds() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        String[][] seeds = {
            { "hello", "{\"type\":\"hello\",\"protocol\":1,\"client\":\"ddstuner\",\"token\":\"abc\","
                    + "\"resume\":{\"epoch\":\"3f1c\",\"seq\":41}}" },
            { "welcome", "{\"type\":\"welcome\",\"protocol\":1,\"agent\":\"DDS Tuner\",\"epoch\":\"e\",\"seq\":57,"
                    + "\"resumed\":true,\"capabilities\":[\"read\",\"write\"],\"maxFrameBytes\":4194304,"
                    + "\"heartbeatMillis\":5000}" },
            { "snapshot", "{\"type\":\"snapshot\",\"epoch\":\"e\",\"seq\":57,\"reason\":\"initial\",\"drops\":0,"
                    + "\"part\":0,\"last\":true,\"entities\":[{\"key\":\"p:0110aabb.ccdd0001.00000002.000001c1\","
                    + "\"kind\":\"participant\",\"guid\":\"0110aabb.ccdd0001.00000002.000001c1\",\"alive\":true,"
                    + "\"qos\":{\"reliability\":{\"kind\":\"RELIABLE\",\"maxBlockingTime\":100000000},"
                    + "\"userData\":{\"value\":\"ZGRz\"}}}]}" },
            { "delta", "{\"type\":\"delta\",\"seq\":58,\"drops\":1,\"part\":0,\"last\":true,\"changes\":[{\"key\":"
                    + "\"e:1\",\"removed\":true},{\"key\":\"x:t\",\"kind\":\"unreadable\",\"subject\":null,"
                    + "\"text\":\"bad \\u00e9\\ud83d\\ude00\"}]}" },
            { "subscribe", "{\"type\":\"subscribe\",\"id\":8,\"topic\":\"SensorReadings\",\"maxRate\":100,"
                    + "\"queue\":1000}" },
            { "samples", "{\"type\":\"samples\",\"id\":8,\"topic\":\"T\",\"samples\":[{\"seq\":1,\"value\":{\"x\":"
                    + "1.5e300,\"n\":-9223372036854775808,\"b\":[true,false,null]}}],\"dropped\":{\"queue\":0,"
                    + "\"rate\":35}}" },
            { "request", "{\"type\":\"request\",\"id\":7,\"op\":\"write-sample\"}" },
        };
        for (String[] s : seeds) {
            byte[] body = s[1].getBytes(StandardCharsets.UTF_8);
            byte[] two = new byte[1 + 2 * (4 + body.length)];
            for (int k = 0; k < 2; k++) { // two frames in a row: the reader must find the second one
                int at = 1 + k * (4 + body.length);
                two[at] = (byte) (body.length >>> 24);
                two[at + 1] = (byte) (body.length >>> 16);
                two[at + 2] = (byte) (body.length >>> 8);
                two[at + 3] = (byte) body.length;
                System.arraycopy(body, 0, two, at + 4, body.length);
            }
            Files.write(dir.resolve(s[0]), two);
        }
    }
}
