package org.karmi.serial.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.transport.WireBuffer;

/**
 * Built-in marshallers of value types: {@code String}, the boxes, {@code BigInteger},
 * {@code BigDecimal}, {@code UUID} and the {@code java.time} values. Sizes are stated per
 * marshaller (payload only, after the 1-byte header).
 *
 * <p>Threading: stateless singletons.
 */
final class ValueMarshallers {

    private ValueMarshallers() {
    }

    /** String: varint {@code length << 1 | coding}, then 1 (Latin-1) or 2 (UTF-16LE) bytes a char. */
    static final Marshaller<String> STRING = new Marshaller<>() {
        @Override public void write(MarshalOutput out, String s) throws IOException { out.writeString(s); }
        @Override public String read(MarshalInput in) throws IOException { return in.readString(); }
    };

    /** Boolean: 1 byte (0 or 1). */
    static final Marshaller<Boolean> BOOLEAN = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Boolean v) { out.buffer().writeByte(v ? 1 : 0); }
        @Override public Boolean read(MarshalInput in) throws IOException { return in.buffer().readByte() != 0; }
    };

    /** Byte: 1 byte. */
    static final Marshaller<Byte> BYTE = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Byte v) { out.buffer().writeByte(v); }
        @Override public Byte read(MarshalInput in) throws IOException { return in.buffer().readByte(); }
    };

    /** Character: 2 bytes. */
    static final Marshaller<Character> CHARACTER = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Character v) { out.buffer().writeShort(v); }
        @Override public Character read(MarshalInput in) throws IOException { return (char) in.buffer().readShort(); }
    };

    /** Short: 2 bytes. */
    static final Marshaller<Short> SHORT = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Short v) { out.buffer().writeShort(v); }
        @Override public Short read(MarshalInput in) throws IOException { return in.buffer().readShort(); }
    };

    /** Integer: 4 bytes. */
    static final Marshaller<Integer> INTEGER = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Integer v) { out.buffer().writeInt(v); }
        @Override public Integer read(MarshalInput in) throws IOException { return in.buffer().readInt(); }
    };

    /** Long: 8 bytes. */
    static final Marshaller<Long> LONG = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Long v) { out.buffer().writeLong(v); }
        @Override public Long read(MarshalInput in) throws IOException { return in.buffer().readLong(); }
    };

    /** Float: 4 bytes (raw IEEE bits). */
    static final Marshaller<Float> FLOAT = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Float v) { out.buffer().writeInt(Float.floatToRawIntBits(v)); }
        @Override public Float read(MarshalInput in) throws IOException { return Float.intBitsToFloat(in.buffer().readInt()); }
    };

    /** Double: 8 bytes (raw IEEE bits). */
    static final Marshaller<Double> DOUBLE = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Double v) { out.buffer().writeLong(Double.doubleToRawLongBits(v)); }
        @Override public Double read(MarshalInput in) throws IOException { return Double.longBitsToDouble(in.buffer().readLong()); }
    };

    /** BigInteger: varint n, then n bytes of two's complement, big-endian ({@code toByteArray}). */
    static final Marshaller<BigInteger> BIG_INTEGER = new Marshaller<>() {
        @Override public void write(MarshalOutput out, BigInteger v) { writeMagnitude(out, v); }
        @Override public BigInteger read(MarshalInput in) throws IOException { return readMagnitude(in); }
    };

    /** BigDecimal: the unscaled value as a BigInteger payload, then the scale (4 bytes). */
    static final Marshaller<BigDecimal> BIG_DECIMAL = new Marshaller<>() {
        @Override public void write(MarshalOutput out, BigDecimal v) {
            writeMagnitude(out, v.unscaledValue());
            out.buffer().writeInt(v.scale());
        }
        @Override public BigDecimal read(MarshalInput in) throws IOException {
            BigInteger unscaled = readMagnitude(in);
            return new BigDecimal(unscaled, in.buffer().readInt());
        }
    };

    /** UUID: 16 bytes (most, then least significant bits). */
    static final Marshaller<UUID> UUID_M = new Marshaller<>() {
        @Override public void write(MarshalOutput out, UUID v) {
            WireBuffer b = out.buffer();
            b.writeLong(v.getMostSignificantBits());
            b.writeLong(v.getLeastSignificantBits());
        }
        @Override public UUID read(MarshalInput in) throws IOException {
            WireBuffer b = in.buffer();
            b.require(16);
            return new UUID(b.readLong(), b.readLong());
        }
    };

    /** Duration: 12 bytes (seconds i64, nanos i32). */
    static final Marshaller<Duration> DURATION = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Duration v) { out.buffer().writeLong(v.getSeconds()); out.buffer().writeInt(v.getNano()); }
        @Override public Duration read(MarshalInput in) throws IOException { long s = in.buffer().readLong(); return Duration.ofSeconds(s, in.buffer().readInt()); }
    };

    /** Instant: 12 bytes (epoch seconds i64, nanos i32). */
    static final Marshaller<Instant> INSTANT = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Instant v) { out.buffer().writeLong(v.getEpochSecond()); out.buffer().writeInt(v.getNano()); }
        @Override public Instant read(MarshalInput in) throws IOException { long s = in.buffer().readLong(); return Instant.ofEpochSecond(s, in.buffer().readInt()); }
    };

    /** LocalDate: 6 bytes (year i32, month u8, day u8). */
    static final Marshaller<LocalDate> LOCAL_DATE = new Marshaller<>() {
        @Override public void write(MarshalOutput out, LocalDate v) { writeDate(out.buffer(), v); }
        @Override public LocalDate read(MarshalInput in) throws IOException { return readDate(in.buffer()); }
    };

    /** LocalTime: 8 bytes (nano of day i64). */
    static final Marshaller<LocalTime> LOCAL_TIME = new Marshaller<>() {
        @Override public void write(MarshalOutput out, LocalTime v) { out.buffer().writeLong(v.toNanoOfDay()); }
        @Override public LocalTime read(MarshalInput in) throws IOException { return LocalTime.ofNanoOfDay(in.buffer().readLong()); }
    };

    /** LocalDateTime: 14 bytes (date 6, time 8). */
    static final Marshaller<LocalDateTime> LOCAL_DATE_TIME = new Marshaller<>() {
        @Override public void write(MarshalOutput out, LocalDateTime v) { writeDateTime(out.buffer(), v); }
        @Override public LocalDateTime read(MarshalInput in) throws IOException { return readDateTime(in.buffer()); }
    };

    /** OffsetDateTime: 18 bytes (date-time 14, offset seconds i32). */
    static final Marshaller<OffsetDateTime> OFFSET_DATE_TIME = new Marshaller<>() {
        @Override public void write(MarshalOutput out, OffsetDateTime v) {
            writeDateTime(out.buffer(), v.toLocalDateTime());
            out.buffer().writeInt(v.getOffset().getTotalSeconds());
        }
        @Override public OffsetDateTime read(MarshalInput in) throws IOException {
            LocalDateTime dt = readDateTime(in.buffer());
            return OffsetDateTime.of(dt, ZoneOffset.ofTotalSeconds(in.buffer().readInt()));
        }
    };

    /** OffsetTime: 12 bytes (nano of day i64, offset seconds i32). */
    static final Marshaller<OffsetTime> OFFSET_TIME = new Marshaller<>() {
        @Override public void write(MarshalOutput out, OffsetTime v) {
            out.buffer().writeLong(v.toLocalTime().toNanoOfDay());
            out.buffer().writeInt(v.getOffset().getTotalSeconds());
        }
        @Override public OffsetTime read(MarshalInput in) throws IOException {
            LocalTime t = LocalTime.ofNanoOfDay(in.buffer().readLong());
            return OffsetTime.of(t, ZoneOffset.ofTotalSeconds(in.buffer().readInt()));
        }
    };

    /** ZonedDateTime: 18 bytes (date-time 14, offset seconds i32), then the zone as an object. */
    static final Marshaller<ZonedDateTime> ZONED_DATE_TIME = new Marshaller<>() {
        @Override public void write(MarshalOutput out, ZonedDateTime v) throws IOException {
            writeDateTime(out.buffer(), v.toLocalDateTime());
            out.buffer().writeInt(v.getOffset().getTotalSeconds());
            out.writeObject(v.getZone());
        }
        @Override public ZonedDateTime read(MarshalInput in) throws IOException, ClassNotFoundException {
            LocalDateTime dt = readDateTime(in.buffer());
            ZoneOffset offset = ZoneOffset.ofTotalSeconds(in.buffer().readInt());
            Object zone = in.readObject();
            if (!(zone instanceof ZoneId)) {
                throw new StreamCorruptedException("ZonedDateTime: expected a ZoneId, stream has " + describe(zone));
            }
            return ZonedDateTime.ofLocal(dt, (ZoneId) zone, offset);
        }
    };

    /** ZoneOffset: 4 bytes (total seconds). */
    static final Marshaller<ZoneOffset> ZONE_OFFSET = new Marshaller<>() {
        @Override public void write(MarshalOutput out, ZoneOffset v) { out.buffer().writeInt(v.getTotalSeconds()); }
        @Override public ZoneOffset read(MarshalInput in) throws IOException { return ZoneOffset.ofTotalSeconds(in.buffer().readInt()); }
    };

    /** A region zone id (ZoneRegion): its id as a string payload. */
    static final Marshaller<ZoneId> ZONE_REGION = new Marshaller<>() {
        @Override public void write(MarshalOutput out, ZoneId v) throws IOException { out.writeString(v.getId()); }
        @Override public ZoneId read(MarshalInput in) throws IOException { return ZoneId.of(in.readString()); }
    };

    /** Period: 12 bytes (years, months, days: i32 each). */
    static final Marshaller<Period> PERIOD = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Period v) {
            WireBuffer b = out.buffer();
            b.writeInt(v.getYears());
            b.writeInt(v.getMonths());
            b.writeInt(v.getDays());
        }
        @Override public Period read(MarshalInput in) throws IOException {
            WireBuffer b = in.buffer();
            b.require(12);
            return Period.of(b.readInt(), b.readInt(), b.readInt());
        }
    };

    /** Year: 4 bytes. */
    static final Marshaller<Year> YEAR = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Year v) { out.buffer().writeInt(v.getValue()); }
        @Override public Year read(MarshalInput in) throws IOException { return Year.of(in.buffer().readInt()); }
    };

    /** YearMonth: 5 bytes (year i32, month u8). */
    static final Marshaller<YearMonth> YEAR_MONTH = new Marshaller<>() {
        @Override public void write(MarshalOutput out, YearMonth v) { out.buffer().writeInt(v.getYear()); out.buffer().writeByte(v.getMonthValue()); }
        @Override public YearMonth read(MarshalInput in) throws IOException { int y = in.buffer().readInt(); return YearMonth.of(y, in.buffer().readByte()); }
    };

    /** MonthDay: 2 bytes (month u8, day u8). */
    static final Marshaller<MonthDay> MONTH_DAY = new Marshaller<>() {
        @Override public void write(MarshalOutput out, MonthDay v) { out.buffer().writeByte(v.getMonthValue()); out.buffer().writeByte(v.getDayOfMonth()); }
        @Override public MonthDay read(MarshalInput in) throws IOException { int m = in.buffer().readByte(); return MonthDay.of(m, in.buffer().readByte()); }
    };

    static void writeMagnitude(MarshalOutput out, BigInteger v) {
        byte[] bytes = v.toByteArray();
        out.writeVarInt(bytes.length);
        out.buffer().writeBytes(bytes, 0, bytes.length);
    }

    static BigInteger readMagnitude(MarshalInput in) throws IOException {
        int n = in.readLength(1);
        if (n == 0) {
            throw new StreamCorruptedException("BigInteger with 0 bytes");
        }
        WireBuffer b = in.buffer();
        BigInteger v = new BigInteger(b.array, b.position, n);
        b.position += n;
        return v;
    }

    static void writeDate(WireBuffer b, LocalDate v) {
        b.writeInt(v.getYear());
        b.writeByte(v.getMonthValue());
        b.writeByte(v.getDayOfMonth());
    }

    static LocalDate readDate(WireBuffer b) throws IOException {
        b.require(6);
        int y = b.readInt();
        int m = b.readByte();
        return LocalDate.of(y, m, b.readByte());
    }

    static void writeDateTime(WireBuffer b, LocalDateTime v) {
        writeDate(b, v.toLocalDate());
        b.writeLong(v.toLocalTime().toNanoOfDay());
    }

    static LocalDateTime readDateTime(WireBuffer b) throws IOException {
        LocalDate d = readDate(b);
        return LocalDateTime.of(d, LocalTime.ofNanoOfDay(b.readLong()));
    }

    static String describe(Object o) {
        return o == null ? "null" : "a " + o.getClass().getName();
    }
}
