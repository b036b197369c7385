package io.strata.spark;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VarcharType;

/** Converts between Spark SQL types and table-core types (FORMAT.md §2 mapping). */
public final class SparkTypes {

  private static final String CHAR_VARCHAR_METADATA = "__CHAR_VARCHAR_TYPE_STRING";

  private SparkTypes() {}

  /** A table-core row type for a Spark schema; field ids are placeholders (-1 onwards). */
  public static RowType toRowType(StructType struct) {
    List<DataField> fields = new ArrayList<>();
    int id = 0;
    for (StructField f : struct.fields()) {
      DataType type = toDataType(f.dataType(), f.metadata()).withNullable(f.nullable());
      fields.add(
          new DataField(
              id++, f.name(), type, f.getComment().isDefined() ? f.getComment().get() : null));
    }
    return new RowType(fields);
  }

  public static DataType toDataType(org.apache.spark.sql.types.DataType t, Metadata metadata) {
    if (metadata != null && metadata.contains(CHAR_VARCHAR_METADATA)) {
      org.apache.spark.sql.types.DataType original =
          org.apache.spark.sql.types.DataType.fromDDL(metadata.getString(CHAR_VARCHAR_METADATA));
      if (original instanceof CharType || original instanceof VarcharType) {
        return toDataType(original, null);
      }
    }
    if (t instanceof org.apache.spark.sql.types.BooleanType) {
      return DataTypes.BOOLEAN();
    } else if (t instanceof org.apache.spark.sql.types.ByteType) {
      return DataTypes.TINYINT();
    } else if (t instanceof org.apache.spark.sql.types.ShortType) {
      return DataTypes.SMALLINT();
    } else if (t instanceof org.apache.spark.sql.types.IntegerType) {
      return DataTypes.INT();
    } else if (t instanceof org.apache.spark.sql.types.LongType) {
      return DataTypes.BIGINT();
    } else if (t instanceof org.apache.spark.sql.types.FloatType) {
      return DataTypes.FLOAT();
    } else if (t instanceof org.apache.spark.sql.types.DoubleType) {
      return DataTypes.DOUBLE();
    } else if (t instanceof DecimalType d) {
      return DataTypes.DECIMAL(d.precision(), d.scale());
    } else if (t instanceof CharType c) {
      return DataTypes.CHAR(c.length());
    } else if (t instanceof VarcharType v) {
      return DataTypes.VARCHAR(v.length());
    } else if (t instanceof org.apache.spark.sql.types.StringType) {
      return DataTypes.STRING();
    } else if (t instanceof org.apache.spark.sql.types.BinaryType) {
      return DataTypes.BYTES();
    } else if (t instanceof org.apache.spark.sql.types.DateType) {
      return DataTypes.DATE();
    } else if (t instanceof org.apache.spark.sql.types.TimestampType) {
      return DataTypes.TIMESTAMP_LTZ(6);
    } else if (t instanceof org.apache.spark.sql.types.TimestampNTZType) {
      return DataTypes.TIMESTAMP(6);
    } else if (t instanceof org.apache.spark.sql.types.ArrayType a) {
      return new ArrayType(toDataType(a.elementType(), null).withNullable(a.containsNull()), true);
    } else if (t instanceof org.apache.spark.sql.types.MapType m) {
      return new MapType(
          toDataType(m.keyType(), null).notNull(),
          toDataType(m.valueType(), null).withNullable(m.valueContainsNull()),
          true);
    } else if (t instanceof StructType s) {
      return toRowType(s);
    }
    throw SparkErrors.unsupportedSparkType(t.sql());
  }

  public static StructType toStructType(RowType rowType) {
    List<StructField> fields = new ArrayList<>();
    for (DataField f : rowType.fields()) {
      StructField sf =
          new StructField(f.name(), toSparkType(f.type()), f.type().nullable(), Metadata.empty());
      if (f.description() != null) {
        sf = sf.withComment(f.description());
      }
      fields.add(sf);
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  public static org.apache.spark.sql.types.DataType toSparkType(DataType type) {
    return switch (type.root()) {
      case BOOLEAN -> org.apache.spark.sql.types.DataTypes.BooleanType;
      case TINYINT -> org.apache.spark.sql.types.DataTypes.ByteType;
      case SMALLINT -> org.apache.spark.sql.types.DataTypes.ShortType;
      case INT -> org.apache.spark.sql.types.DataTypes.IntegerType;
      case BIGINT -> org.apache.spark.sql.types.DataTypes.LongType;
      case FLOAT -> org.apache.spark.sql.types.DataTypes.FloatType;
      case DOUBLE -> org.apache.spark.sql.types.DataTypes.DoubleType;
      case DECIMAL -> {
        AtomicType a = (AtomicType) type;
        yield org.apache.spark.sql.types.DataTypes.createDecimalType(a.precision(), a.scale());
      }
      case CHAR -> new CharType(((AtomicType) type).length());
      case VARCHAR -> {
        // Spark enforces CHAR/VARCHAR lengths on write only when the table reports these types.
        int length = ((AtomicType) type).length();
        yield length == AtomicType.MAX_LENGTH
            ? org.apache.spark.sql.types.DataTypes.StringType
            : new VarcharType(length);
      }
      case BINARY, VARBINARY -> org.apache.spark.sql.types.DataTypes.BinaryType;
      case DATE -> org.apache.spark.sql.types.DataTypes.DateType;
      case TIMESTAMP -> org.apache.spark.sql.types.DataTypes.TimestampNTZType;
      case TIMESTAMP_LTZ -> org.apache.spark.sql.types.DataTypes.TimestampType;
      case ARRAY -> {
        ArrayType a = (ArrayType) type;
        yield org.apache.spark.sql.types.DataTypes.createArrayType(
            toSparkType(a.element()), a.element().nullable());
      }
      case MAP -> {
        MapType m = (MapType) type;
        yield org.apache.spark.sql.types.DataTypes.createMapType(
            toSparkType(m.key()), toSparkType(m.value()), m.value().nullable());
      }
      case ROW -> toStructType((RowType) type);
      case TIME -> throw SparkErrors.noSparkType(String.valueOf(type));
    };
  }
}
