package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.Timestamp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDateTime;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/** INT96 timestamps use the Impala layout: LE nanos of day, then LE Julian day. */
class Int96TimestampsTest {

  @Test
  void encodesTheImpalaLayout() {
    Timestamp ts =
        Timestamp.fromLocalDateTime(LocalDateTime.parse("2000-01-01T00:00:01.000000123"));
    ByteBuffer buf = Int96Timestamps.encode(ts).toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    assertThat(buf.getLong(0)).isEqualTo(1_000_000_123L);
    assertThat(buf.getInt(8)).isEqualTo(2_451_545);
  }

  @Test
  void roundTripsBeforeAndAfterTheEpoch() {
    for (String s :
        new String[] {
          "1969-12-31T23:59:59.999999999", "1900-03-04T05:06:07.8", "2262-01-01T00:00"
        }) {
      Timestamp ts = Timestamp.fromLocalDateTime(LocalDateTime.parse(s));
      Binary encoded = Int96Timestamps.encode(ts);
      assertThat(encoded.length()).isEqualTo(12);
      assertThat(Int96Timestamps.decode(encoded)).isEqualTo(ts);
    }
  }
}
