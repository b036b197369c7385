package io.strata.core.format;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns canonical values into structures whose equals() compares contents and classes. */
final class TestValues {

  /** A byte[] by content. */
  record Bytes(String hex) {}

  private TestValues() {}

  static Object normalize(Object v) {
    if (v instanceof byte[] b) {
      return new Bytes(HexFormat.of().formatHex(b));
    }
    if (v instanceof Object[] row) {
      List<Object> out = new ArrayList<>();
      for (Object o : row) {
        out.add(normalize(o));
      }
      return out;
    }
    if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      out.add("list:");
      for (Object o : list) {
        out.add(normalize(o));
      }
      return out;
    }
    if (v instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, val) -> out.put(normalize(k), normalize(val)));
      return out;
    }
    return v;
  }

  static List<Object> normalizeRows(List<Object[]> rows) {
    List<Object> out = new ArrayList<>();
    for (Object[] r : rows) {
      out.add(normalize(r));
    }
    return out;
  }
}
