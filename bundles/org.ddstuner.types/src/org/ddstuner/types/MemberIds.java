package org.ddstuner.types;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/** XTypes member id assignment (XTypes 1.3 §7.3.1.2.1.1). */
public final class MemberIds {
    /** Member ids are 28 bits: the top 4 bits of an EMHEADER hold flags and LC. */
    public static final long MAX_ID = 0x0FFF_FFFFL;

    private MemberIds() {
    }

    /** {@code @hashid}: the first 4 bytes of MD5(name), little endian, masked to 28 bits. */
    public static long hashId(String name) {
        try {
            byte[] d = MessageDigest.getInstance("MD5").digest(name.getBytes(StandardCharsets.UTF_8));
            long id = (d[0] & 0xFFL) | (d[1] & 0xFFL) << 8 | (d[2] & 0xFFL) << 16 | (d[3] & 0xFFL) << 24;
            return id & MAX_ID;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required by every Java runtime", e);
        }
    }

    /** Numbers members {@code first, first+1, …} ignoring annotations. */
    public static List<Member> numberSequentially(List<Member> members, long first) {
        List<Member> out = new ArrayList<>(members.size());
        long next = first;
        for (Member m : members) {
            out.add(m.withId(next++));
        }
        return out;
    }

    /**
     * Assigns ids the way IDL does: {@code @id(n)} wins, {@code @hashid} / {@code @hashid("s")} hashes the
     * member name or s, otherwise {@code @autoid(HASH)} hashes the name and sequential numbering continues
     * from the previous member's id + 1 (the first member gets {@code first}).
     */
    public static List<Member> assign(List<Member> members, AutoId autoId, long first) {
        List<Member> out = new ArrayList<>(members.size());
        long next = first;
        for (Member m : members) {
            long id = idFromAnnotations(m).orElse(autoId == AutoId.HASH ? hashId(m.name()) : next);
            out.add(m.withId(id));
            next = id + 1;
        }
        return out;
    }

    /** The id fixed by {@code @id} or {@code @hashid} on the member, if any. */
    public static java.util.OptionalLong idFromAnnotations(Member m) {
        var id = m.annotation("id").flatMap(Annotation::value);
        if (id.isPresent() && id.get() instanceof Number n) {
            return java.util.OptionalLong.of(n.longValue());
        }
        var hash = m.annotation("hashid");
        if (hash.isPresent()) {
            Object v = hash.get().value().orElse(null);
            return java.util.OptionalLong.of(hashId(v instanceof String s && !s.isEmpty() ? s : m.name()));
        }
        return java.util.OptionalLong.empty();
    }
}
