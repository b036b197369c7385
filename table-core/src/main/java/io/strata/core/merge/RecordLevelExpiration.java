package io.strata.core.merge;

import io.strata.core.errors.SchemaErrors;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.time.Duration;

/**
 * Record-level expiration of a primary-key table ({@code record-level.expire-time} counted from
 * {@code record-level.time-field}), as Apache Paimon applies it: compactions pass over the records
 * of the files they rewrite whose time is older than the expire time, before merging them; reads
 * never filter. A time converts to epoch seconds: INT as seconds, BIGINT as seconds below
 * 1,000,000,000,000 and as milliseconds from there, timestamps by their epoch milliseconds. A NULL
 * time never expires. A record expires when {@code now > time + expire-time}, in whole seconds.
 */
public final class RecordLevelExpiration {

  /** BIGINT times from here on are epoch milliseconds (Paimon's threshold). */
  private static final long MILLIS_FROM = 1_000_000_000_000L;

  private final int fieldId;
  private final long expireSeconds;
  private final long nowSeconds;

  private RecordLevelExpiration(int fieldId, long expireSeconds, long nowSeconds) {
    this.fieldId = fieldId;
    this.expireSeconds = expireSeconds;
    this.nowSeconds = nowSeconds;
  }

  /** Whether {@code options} ask for record-level expiration. */
  public static boolean configured(Options options) {
    return options.get(TableOptions.RECORD_LEVEL_EXPIRE_TIME) != null;
  }

  /**
   * The expiration that {@code options} ask for over rows of {@code rowType}, as of {@code
   * nowMillis}, or null without one.
   */
  public static RecordLevelExpiration of(Options options, RowType rowType, long nowMillis) {
    if (!configured(options)) {
      return null;
    }
    DataField field = timeField(options, rowType);
    Duration expire = options.get(TableOptions.RECORD_LEVEL_EXPIRE_TIME);
    return new RecordLevelExpiration(field.id(), expire.getSeconds(), nowMillis / 1000);
  }

  /** Refuses an expiration that names no usable time column, or one on a table without keys. */
  public static void validate(Options options, RowType rowType, boolean primaryKey) {
    if (configured(options)) {
      if (!primaryKey) {
        throw SchemaErrors.recordLevelExpireWithoutPrimaryKey();
      }
      timeField(options, rowType);
    }
  }

  private static DataField timeField(Options options, RowType rowType) {
    String name = options.get(TableOptions.RECORD_LEVEL_TIME_FIELD);
    if (name == null) {
      throw SchemaErrors.recordLevelTimeFieldMissing();
    }
    for (DataField f : rowType.fields()) {
      if (f.name().equals(name)) {
        DataTypeRoot root = f.type().root();
        if (root != DataTypeRoot.INT
            && root != DataTypeRoot.BIGINT
            && root != DataTypeRoot.TIMESTAMP
            && root != DataTypeRoot.TIMESTAMP_LTZ) {
          throw SchemaErrors.recordLevelTimeFieldType(name, f.type());
        }
        return f;
      }
    }
    throw SchemaErrors.recordLevelTimeFieldNotFound(name, rowType.fieldNames());
  }

  /** The field id of the time column. */
  public int fieldId() {
    return fieldId;
  }

  /**
   * Whether a record whose time column holds {@code time} (as read, in any file's type) expired.
   */
  public boolean expired(Object time) {
    Long seconds = seconds(time);
    return seconds != null && nowSeconds > seconds + expireSeconds;
  }

  /**
   * Whether a record expired whose non-NULL time column, of type {@code root} and {@code
   * precision}, holds {@code value} as column batches hold it: INT and BIGINT as themselves,
   * timestamps as epoch milliseconds (precision up to 3) or microseconds.
   */
  public boolean expired(DataTypeRoot root, int precision, long value) {
    long seconds =
        switch (root) {
          case BIGINT -> value >= MILLIS_FROM ? value / 1000 : value;
          case TIMESTAMP, TIMESTAMP_LTZ ->
              (precision <= 3 ? value : Math.floorDiv(value, 1000L)) / 1000;
          default -> value;
        };
    return nowSeconds > seconds + expireSeconds;
  }

  private static Long seconds(Object time) {
    if (time instanceof Integer i) {
      return (long) i;
    }
    if (time instanceof Long l) {
      return l >= MILLIS_FROM ? l / 1000 : l;
    }
    if (time instanceof Timestamp t) {
      return t.millis() / 1000;
    }
    return null;
  }
}
