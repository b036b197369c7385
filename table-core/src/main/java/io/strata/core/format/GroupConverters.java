package io.strata.core.format;

import io.strata.core.errors.ValueErrors;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/** Converters from Parquet groups (rows, 3-level lists and maps) to canonical nested values. */
final class GroupConverters {

  private GroupConverters() {}

  /** A converter of the Parquet field {@code parquet} into values of {@code readType}. */
  static Converter create(String column, Type parquet, DataType readType, ValueSink sink) {
    if (readType instanceof AtomicType atomic) {
      if (!parquet.isPrimitive()) {
        throw mismatch(column, parquet, readType);
      }
      return PrimitiveConverters.create(column, parquet.asPrimitiveType(), atomic, sink);
    }
    if (parquet.isPrimitive()) {
      throw mismatch(column, parquet, readType);
    }
    GroupType group = parquet.asGroupType();
    return switch (readType.root()) {
      case ROW -> new RowConverter(column, group, (RowType) readType, sink, Set.of());
      case ARRAY -> new ListConverter(column, group, ((ArrayType) readType).element(), sink);
      case MAP -> new MapConverter(column, group, (MapType) readType, sink);
      default -> throw mismatch(column, parquet, readType);
    };
  }

  private static IllegalArgumentException mismatch(String column, Type parquet, DataType type) {
    return ValueErrors.storedAs(column, parquet, type);
  }

  /** A ROW (or a whole table row when {@code sink} is null): a fresh Object[] per value. */
  static final class RowConverter extends GroupConverter {
    private final int size;
    private final Converter[] converters;
    private final ValueSink sink;
    private Object[] values;

    /**
     * @param encodedStrings ids of the string fields to read as their UTF-8 bytes (see {@link
     *     PrimitiveConverters#encodedString})
     */
    RowConverter(
        String column,
        GroupType group,
        RowType readType,
        ValueSink sink,
        Set<Integer> encodedStrings) {
      this.size = readType.size();
      this.sink = sink;
      this.converters = new Converter[group.getFieldCount()];
      for (int i = 0; i < converters.length; i++) {
        Type field = group.getType(i);
        int index = readType.indexOf(field.getName());
        String name = column == null ? field.getName() : column + "." + field.getName();
        if (index < 0) {
          converters[i] = ignoring(field);
        } else {
          ValueSink set = value -> values[index] = value;
          Converter encoded =
              encodedStrings.contains(readType.field(index).id())
                      && field.isPrimitive()
                      && isString(readType.typeAt(index))
                  ? PrimitiveConverters.encodedString(field.asPrimitiveType(), set)
                  : null;
          converters[i] =
              encoded != null ? encoded : create(name, field, readType.typeAt(index), set);
        }
      }
    }

    private static boolean isString(DataType type) {
      return type.root() == DataTypeRoot.VARCHAR || type.root() == DataTypeRoot.CHAR;
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return converters[fieldIndex];
    }

    @Override
    public void start() {
      values = new Object[size];
    }

    @Override
    public void end() {
      if (sink != null) {
        sink.set(values);
      }
    }

    /** The row completed last (the root's current record). */
    Object[] current() {
      return values;
    }
  }

  /** An ARRAY: the standard 3-level list, or a 2-level list of a repeated primitive. */
  private static final class ListConverter extends GroupConverter {
    private final ValueSink sink;
    private final Converter repeated;
    private List<Object> list;

    ListConverter(String column, GroupType group, DataType elementType, ValueSink sink) {
      this.sink = sink;
      if (group.getFieldCount() != 1) {
        throw ValueErrors.notNested(column, "list", group);
      }
      Type repeatedType = group.getType(0);
      if (ParquetProjection.isThreeLevel(repeatedType)) {
        repeated = new ElementConverter(column, repeatedType.asGroupType(), elementType, this);
      } else {
        repeated = create(column, repeatedType, elementType, value -> list.add(value));
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return repeated;
    }

    @Override
    public void start() {
      list = new ArrayList<>();
    }

    @Override
    public void end() {
      sink.set(list);
    }
  }

  /** The repeated wrapper of one list element; a missing element is a null element. */
  private static final class ElementConverter extends GroupConverter {
    private final ListConverter parent;
    private final Converter element;
    private Object value;

    ElementConverter(String column, GroupType repeated, DataType elementType, ListConverter p) {
      this.parent = p;
      this.element = create(column, repeated.getType(0), elementType, v -> value = v);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return element;
    }

    @Override
    public void start() {
      value = null;
    }

    @Override
    public void end() {
      parent.list.add(value);
    }
  }

  /** A MAP stored as a repeated key_value group of key and value. */
  private static final class MapConverter extends GroupConverter {
    private final ValueSink sink;
    private final KeyValueConverter entries;
    private Map<Object, Object> map;

    MapConverter(String column, GroupType group, MapType type, ValueSink sink) {
      this.sink = sink;
      if (group.getFieldCount() != 1
          || group.getType(0).isPrimitive()
          || group.getType(0).asGroupType().getFieldCount() != 2) {
        throw ValueErrors.notNested(column, "map", group);
      }
      this.entries = new KeyValueConverter(column, group.getType(0).asGroupType(), type, this);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return entries;
    }

    @Override
    public void start() {
      map = new LinkedHashMap<>();
    }

    @Override
    public void end() {
      sink.set(map);
    }
  }

  private static final class KeyValueConverter extends GroupConverter {
    private final MapConverter parent;
    private final Converter key;
    private final Converter value;
    private Object currentKey;
    private Object currentValue;

    KeyValueConverter(String column, GroupType entry, MapType type, MapConverter parent) {
      this.parent = parent;
      this.key = create(column + ".key", entry.getType(0), type.key(), v -> currentKey = v);
      this.value = create(column + ".value", entry.getType(1), type.value(), v -> currentValue = v);
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fieldIndex == 0 ? key : value;
    }

    @Override
    public void start() {
      currentKey = null;
      currentValue = null;
    }

    @Override
    public void end() {
      parent.map.put(currentKey, currentValue);
    }
  }

  /** A converter that drops every value of a field. */
  static Converter ignoring(Type type) {
    if (type.isPrimitive()) {
      return new IgnoringPrimitive();
    }
    GroupType group = type.asGroupType();
    Converter[] children = new Converter[group.getFieldCount()];
    Arrays.setAll(children, i -> ignoring(group.getType(i)));
    return new GroupConverter() {
      @Override
      public Converter getConverter(int fieldIndex) {
        return children[fieldIndex];
      }

      @Override
      public void start() {}

      @Override
      public void end() {}
    };
  }

  private static final class IgnoringPrimitive extends PrimitiveConverter {
    @Override
    public void addBinary(org.apache.parquet.io.api.Binary value) {}

    @Override
    public void addBoolean(boolean value) {}

    @Override
    public void addDouble(double value) {}

    @Override
    public void addFloat(float value) {}

    @Override
    public void addInt(int value) {}

    @Override
    public void addLong(long value) {}
  }
}
