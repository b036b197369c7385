package io.strata.core.paths;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Set;

/**
 * The one gate through which user-given names (databases, tables, tags, consumers) become path
 * components. A name passes only if it names exactly one entry inside its parent directory on every
 * file system Strata writes to: it is never empty, {@code .} or {@code ..}, holds no path
 * separator, control or invisible character, nothing that Unicode normalization or a Hadoop {@code
 * Path} would turn into one, and fits a file name. Paimon's own rules apply on top: {@code $} marks
 * system tables, {@code sys} is the system database.
 */
public final class Names {

  /** Longest file name (in UTF-8 bytes) that local disks, HDFS and object stores all accept. */
  static final int MAX_COMPONENT_BYTES = 255;

  private static final String SYSTEM_DATABASE = "sys";
  private static final String SYSTEM_TABLE_SEPARATOR = "$";

  /** Characters that render like a slash or backslash but are not normalized into one. */
  private static final Set<Integer> SEPARATOR_LOOK_ALIKES =
      Set.of(
          0x2044, // FRACTION SLASH
          0x2215, // DIVISION SLASH
          0x2216, // SET MINUS
          0x2571, // BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT
          0x2572, // BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT
          0x29F5, // REVERSE SOLIDUS OPERATOR
          0x29F8, // BIG SOLIDUS
          0x29F9, // BIG REVERSE SOLIDUS
          0x2CC6, // COPTIC CAPITAL LETTER OLD COPTIC ESH (a slash glyph)
          0x3033, // VERTICAL KANA REPEAT MARK UPPER HALF
          0xFE68, // SMALL REVERSE SOLIDUS
          0xFF0F, // FULLWIDTH SOLIDUS
          0xFF3C); // FULLWIDTH REVERSE SOLIDUS

  private Names() {}

  /** A database name; its directory is {@code <name>.db}. */
  public static String database(String name) {
    requireSafe(NameKind.DATABASE, name);
    if (isSystemDatabase(name)) {
      throw InvalidNameException.reserved(
          NameKind.DATABASE,
          name,
          "'sys' is reserved for the read-only system database that holds the procedures"
              + " (CALL sys.*) and the catalog's system tables (sys.all_table_options,"
              + " sys.catalog_options)");
    }
    return name;
  }

  /** Whether {@code name} is Paimon's system database ({@code sys}), whatever its case. */
  public static boolean isSystemDatabase(String name) {
    return name != null && name.toLowerCase(Locale.ROOT).equals(SYSTEM_DATABASE);
  }

  /** A data table's name (its directory); system tables ({@code t$files}) are not paths. */
  public static String table(String name) {
    requireSafe(NameKind.TABLE, name);
    if (name.contains(SYSTEM_TABLE_SEPARATOR)) {
      throw InvalidNameException.reserved(
          NameKind.TABLE, name, "it contains '$', which marks system tables such as t$snapshots");
    }
    return name;
  }

  /** A tag name that is looked up or deleted; {@link #newTag} adds the rules for creating one. */
  public static String tag(String name) {
    return requireSafe(NameKind.TAG, name);
  }

  /** A tag name to create: also never all digits, which VERSION AS OF would read as an id. */
  public static String newTag(String name) {
    requireSafe(NameKind.TAG, name);
    if (name.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw InvalidNameException.reserved(
          NameKind.TAG,
          name,
          "a numeric name would be ambiguous with snapshot ids in VERSION AS OF");
    }
    return name;
  }

  /** A branch name that is looked up or deleted; its directory is {@code branch/branch-<name>}. */
  public static String branch(String name) {
    return requireSafe(NameKind.BRANCH, name);
  }

  /**
   * A branch name to create, with Paimon's rules on top: not {@code main}, which every table has,
   * not all digits, and without {@code $}, which would end the name in {@code t$branch_<name>}.
   */
  public static String newBranch(String name) {
    requireSafe(NameKind.BRANCH, name);
    if (name.equals("main")) {
      throw InvalidNameException.reserved(
          NameKind.BRANCH, name, "'main' is the branch every table has");
    }
    if (name.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw InvalidNameException.reserved(
          NameKind.BRANCH, name, "Paimon refuses branch names that are all digits");
    }
    if (name.contains(SYSTEM_TABLE_SEPARATOR)) {
      throw InvalidNameException.reserved(
          NameKind.BRANCH,
          name,
          "it contains '$', which would end the branch's name in t$branch_<name>");
    }
    return name;
  }

  /** A consumer id; its file is {@code consumer/consumer-<id>}. */
  public static String consumer(String name) {
    return requireSafe(NameKind.CONSUMER, name);
  }

  private static String requireSafe(NameKind kind, String name) {
    String broken = brokenRule(kind, name);
    if (broken != null) {
      throw InvalidNameException.unsafePath(kind, name, broken);
    }
    return name;
  }

  /** The first rule {@code name} breaks, or null when it is a safe path component. */
  static String brokenRule(NameKind kind, String name) {
    if (name == null) {
      return "a name is required";
    }
    if (name.isEmpty()) {
      return "it is empty";
    }
    if (name.isBlank()) {
      return "it is only white space";
    }
    if (name.equals(".") || name.equals("..")) {
      return "'.' and '..' mean the current and the parent directory";
    }
    String character = brokenCharacter(name);
    if (character != null) {
      return character;
    }
    String normalized = Normalizer.normalize(name, Normalizer.Form.NFKC);
    if (normalized.equals(".") || normalized.equals("..")) {
      return "it reads as '" + normalized + "' once Unicode-normalized (NFKC)";
    }
    if (normalized.contains("/") || normalized.contains("\\")) {
      return "it contains a character that Unicode normalization (NFKC) turns into a path"
          + " separator";
    }
    int bytes = kind.component(name).getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_COMPONENT_BYTES) {
      return "its "
          + kind.noun()
          + " file name is "
          + bytes
          + " bytes long in UTF-8, and at most "
          + MAX_COMPONENT_BYTES
          + " fit a file name";
    }
    return null;
  }

  private static String brokenCharacter(String name) {
    for (int i = 0; i < name.length(); ) {
      int c = name.codePointAt(i);
      if (c == '/') {
        return "it contains '/', the path separator";
      }
      if (c == '\\') {
        return "it contains '\\', a path separator on Windows and to some object stores";
      }
      if (c == ':') {
        return "it contains ':', which a Hadoop path reads as the end of a URI scheme";
      }
      if (Character.isISOControl(c)) {
        return "it contains the control character " + codePoint(c);
      }
      if (isInvisible(c)) {
        return "it contains the invisible or direction-changing character " + codePoint(c);
      }
      if (SEPARATOR_LOOK_ALIKES.contains(c)) {
        return "it contains " + codePoint(c) + ", which looks like a path separator";
      }
      i += Character.charCount(c);
    }
    return null;
  }

  private static boolean isInvisible(int c) {
    int type = Character.getType(c);
    return type == Character.FORMAT
        || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR
        || type == Character.SURROGATE
        || type == Character.UNASSIGNED
        || (c & 0xFFFE) == 0xFFFE; // noncharacters U+FFFE, U+FFFF (and per plane)
  }

  private static String codePoint(int c) {
    return String.format(Locale.ROOT, "U+%04X", c);
  }

  /** The name as messages show it: quoted, invisible characters escaped, long names shortened. */
  static String quote(String name) {
    if (name == null) {
      return "NULL";
    }
    StringBuilder shown = new StringBuilder("'");
    int shownChars = 0;
    for (int i = 0; i < name.length(); ) {
      int c = name.codePointAt(i);
      if (shownChars++ == 64) {
        shown.append("...' (").append(name.length()).append(" characters)");
        return shown.toString();
      }
      if (Character.isISOControl(c) || isInvisible(c)) {
        shown.append("\\u").append(String.format(Locale.ROOT, "%04X", c));
      } else {
        shown.appendCodePoint(c);
      }
      i += Character.charCount(c);
    }
    return shown.append('\'').toString();
  }
}
