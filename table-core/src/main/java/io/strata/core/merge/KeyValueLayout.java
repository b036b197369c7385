package io.strata.core.merge;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The columns of a primary-key data file: {@code _KEY_<k>} per trimmed key column, {@code
 * _SEQUENCE_NUMBER}, {@code _VALUE_KIND}, then every table column (FORMAT.md §7).
 */
public final class KeyValueLayout implements Serializable {

  private static final long serialVersionUID = 1L;

  public static final String KEY_PREFIX = "_KEY_";
  public static final int KEY_FIELD_ID_START = Integer.MAX_VALUE / 2;
  public static final String SEQUENCE_NUMBER = "_SEQUENCE_NUMBER";
  public static final int SEQUENCE_NUMBER_ID = Integer.MAX_VALUE - 1;
  public static final String VALUE_KIND = "_VALUE_KIND";
  public static final int VALUE_KIND_ID = Integer.MAX_VALUE - 2;

  private final RowType keyType;
  private final RowType valueType;
  private final int[] keyIndexesInValue;
  private final RowType fileType;

  /**
   * How many {@code _KEY_} columns a primary-key file of {@code fileType} starts with; 0 for
   * others.
   */
  public static int keyArity(RowType fileType) {
    int arity = 0;
    for (DataField f : fileType.fields()) {
      if (!isKeyField(f)) {
        break;
      }
      arity++;
    }
    return arity;
  }

  private static boolean isKeyField(DataField f) {
    return f.id() >= KEY_FIELD_ID_START
        && f.id() < VALUE_KIND_ID
        && f.name().startsWith(KEY_PREFIX);
  }

  /**
   * The columns of a primary-key file (of {@code fileType}) whose values are distinct within the
   * file: {@code _SEQUENCE_NUMBER}, and a key of one column with its copy among the values (a file
   * holds one record per key). A dictionary never pays off on them, and trying one costs a hash
   * lookup per value until the dictionary page overflows. Empty for other files.
   */
  public static List<String> distinctColumns(RowType fileType) {
    List<String> distinct = new ArrayList<>();
    List<DataField> keys = new ArrayList<>();
    for (DataField f : fileType.fields()) {
      if (f.id() == SEQUENCE_NUMBER_ID && f.name().equals(SEQUENCE_NUMBER)) {
        distinct.add(f.name());
      } else if (isKeyField(f)) {
        keys.add(f);
      }
    }
    if (distinct.isEmpty()) {
      return distinct; // not a primary-key file
    }
    if (keys.size() == 1) {
      DataField key = keys.get(0);
      distinct.add(key.name());
      for (DataField f : fileType.fields()) {
        if (f.id() == key.id() - KEY_FIELD_ID_START) {
          distinct.add(f.name());
        }
      }
    }
    return distinct;
  }

  public KeyValueLayout(RowType keyType, RowType valueType) {
    this.keyType = keyType;
    this.valueType = valueType;
    this.keyIndexesInValue = new int[keyType.size()];
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < keyType.size(); i++) {
      DataField k = keyType.field(i);
      keyIndexesInValue[i] = valueType.indexOf(k.name());
      fields.add(
          new DataField(KEY_FIELD_ID_START + k.id(), KEY_PREFIX + k.name(), k.type().notNull()));
    }
    fields.add(new DataField(SEQUENCE_NUMBER_ID, SEQUENCE_NUMBER, DataTypes.BIGINT().notNull()));
    fields.add(new DataField(VALUE_KIND_ID, VALUE_KIND, DataTypes.TINYINT().notNull()));
    fields.addAll(valueType.fields());
    this.fileType = new RowType(fields);
  }

  public RowType keyType() {
    return keyType;
  }

  public RowType valueType() {
    return valueType;
  }

  /** The whole row type of a primary-key data file. */
  public RowType fileType() {
    return fileType;
  }

  /**
   * For each file field, the index of the key field it always equals (the value's copy of a key
   * column), or -1: what a buffer of file rows need not hold twice.
   */
  public int[] keyCopies() {
    int[] copies = new int[fileType.size()];
    Arrays.fill(copies, -1);
    for (int i = 0; i < keyIndexesInValue.length; i++) {
      copies[valueOffset() + keyIndexesInValue[i]] = i;
    }
    return copies;
  }

  public int keyArity() {
    return keyType.size();
  }

  public int sequenceIndex() {
    return keyType.size();
  }

  public int kindIndex() {
    return keyType.size() + 1;
  }

  public int valueOffset() {
    return keyType.size() + 2;
  }

  /** A file row for a table row with its sequence number and kind. */
  public Object[] toFileRow(Object[] value, long sequence, RowKind kind) {
    return toFileRow(new Object[fileType.size()], value, sequence, kind);
  }

  /**
   * Fills {@code row} (of the file type's size) with the file row of a table row, for callers that
   * consume it at once and reuse one array.
   */
  public Object[] toFileRow(Object[] row, Object[] value, long sequence, RowKind kind) {
    for (int i = 0; i < keyIndexesInValue.length; i++) {
      row[i] = value[keyIndexesInValue[i]];
    }
    row[sequenceIndex()] = sequence;
    row[kindIndex()] = kind.value();
    System.arraycopy(value, 0, row, valueOffset(), value.length);
    return row;
  }
}
