package io.strata.it;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericArray;
import org.apache.paimon.data.GenericMap;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.util.CharVarcharUtils;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.VarcharType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark's types and external row values as Paimon's: lets one table definition (Spark DDL) and one
 * set of rows (a Spark query) be written by both Strata (through Spark SQL) and Paimon (through its
 * Java API). Spark rows must come from a session with {@code spark.sql.datetime.java8API.enabled}.
 */
final class SparkToPaimon {

  private SparkToPaimon() {}

  /** The Paimon type Strata stores for a Spark column (CHAR / VARCHAR from the DDL metadata). */
  static org.apache.paimon.types.DataType type(StructField field) {
    DataType raw = CharVarcharUtils.getRawType(field.metadata()).getOrElse(() -> field.dataType());
    return type(raw);
  }

  static org.apache.paimon.types.DataType type(DataType t) {
    if (t instanceof BooleanType) {
      return DataTypes.BOOLEAN();
    } else if (t instanceof ByteType) {
      return DataTypes.TINYINT();
    } else if (t instanceof ShortType) {
      return DataTypes.SMALLINT();
    } else if (t instanceof IntegerType) {
      return DataTypes.INT();
    } else if (t instanceof LongType) {
      return DataTypes.BIGINT();
    } else if (t instanceof FloatType) {
      return DataTypes.FLOAT();
    } else if (t instanceof DoubleType) {
      return DataTypes.DOUBLE();
    } else if (t instanceof DecimalType d) {
      return DataTypes.DECIMAL(d.precision(), d.scale());
    } else if (t instanceof CharType c) {
      return DataTypes.CHAR(c.length());
    } else if (t instanceof VarcharType v) {
      return DataTypes.VARCHAR(v.length());
    } else if (t instanceof StringType) {
      return DataTypes.STRING();
    } else if (t instanceof BinaryType) {
      return DataTypes.BYTES();
    } else if (t instanceof DateType) {
      return DataTypes.DATE();
    } else if (t instanceof TimestampType) {
      return DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6);
    } else if (t instanceof TimestampNTZType) {
      return DataTypes.TIMESTAMP(6);
    } else if (t instanceof ArrayType a) {
      return DataTypes.ARRAY(type(a.elementType()));
    } else if (t instanceof MapType m) {
      return DataTypes.MAP(type(m.keyType()), type(m.valueType()));
    } else if (t instanceof StructType s) {
      List<DataField> fields = new ArrayList<>();
      for (int i = 0; i < s.fields().length; i++) {
        fields.add(DataTypes.FIELD(i, s.fields()[i].name(), type(s.fields()[i].dataType())));
      }
      return DataTypes.ROW(fields.toArray(new DataField[0]));
    }
    throw new IllegalStateException("No Paimon type for Spark's " + t);
  }

  /** A Spark row of {@code schema} as a Paimon row of the given kind. */
  static GenericRow row(StructType schema, Row row, RowKind kind) {
    GenericRow out = new GenericRow(kind, schema.size());
    for (int i = 0; i < schema.size(); i++) {
      out.setField(i, value(schema.fields()[i].dataType(), row.isNullAt(i) ? null : row.get(i)));
    }
    return out;
  }

  private static Object value(DataType t, Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof String s) {
      return BinaryString.fromString(s);
    } else if (v instanceof BigDecimal d) {
      DecimalType dt = (DecimalType) t;
      return Decimal.fromBigDecimal(d, dt.precision(), dt.scale());
    } else if (v instanceof LocalDate d) {
      return (int) d.toEpochDay();
    } else if (v instanceof LocalDateTime ts) {
      return Timestamp.fromLocalDateTime(ts);
    } else if (v instanceof Instant i) {
      return Timestamp.fromInstant(i);
    } else if (t instanceof ArrayType a) {
      List<Object> elements = new ArrayList<>();
      for (Object e : CollectionConverters.asJava((scala.collection.Seq<?>) v)) {
        elements.add(value(a.elementType(), e));
      }
      return new GenericArray(elements.toArray());
    } else if (t instanceof MapType m) {
      Map<Object, Object> entries = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e :
          CollectionConverters.asJava((scala.collection.Map<?, ?>) v).entrySet()) {
        entries.put(value(m.keyType(), e.getKey()), value(m.valueType(), e.getValue()));
      }
      return new GenericMap(entries);
    } else if (t instanceof StructType s) {
      return row(s, (Row) v, RowKind.INSERT);
    }
    return v;
  }
}
