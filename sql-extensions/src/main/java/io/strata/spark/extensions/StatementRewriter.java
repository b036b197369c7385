package io.strata.spark.extensions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites Strata's extra syntax into statements Spark's own parser understands:
 *
 * <ul>
 *   <li>{@code ALTER TABLE t CREATE [OR REPLACE] TAG [IF NOT EXISTS] n [AS OF VERSION v] [RETAIN k
 *       DAYS|HOURS|MINUTES]}, {@code ALTER TABLE t REPLACE TAG ...}, {@code ALTER TABLE t DELETE
 *       TAG [IF EXISTS] a[, b]}, {@code ALTER TABLE t RENAME TAG a TO b} become {@code CALL
 *       sys.*_tag(...)};
 *   <li>{@code SHOW TAGS t} becomes a query of {@code t$tags};
 *   <li>a Flink-style hint after a table name, {@code t /*+ OPTIONS('k'='v') *}{@code /}, becomes
 *       Spark's options clause {@code t WITH ('k'='v')};
 *   <li>{@code CALL sys.x(...)} gets a catalog when the current one has no procedures.
 * </ul>
 */
public final class StatementRewriter {

  private static final String IDENT = "((?:`[^`]+`|[\\w$]+)(?:\\.(?:`[^`]+`|[\\w$]+)){0,2})";
  private static final String NAME = "(`[^`]+`|[\\w.-]+)";
  private static final Pattern CREATE_TAG =
      Pattern.compile(
          "(?is)^\\s*ALTER\\s+TABLE\\s+"
              + IDENT
              + "\\s+(CREATE\\s+OR\\s+REPLACE|CREATE|REPLACE)\\s+TAG\\s+(IF\\s+NOT\\s+EXISTS\\s+)?"
              + NAME
              + "(?:\\s+AS\\s+OF\\s+VERSION\\s+(\\d+))?"
              + "(?:\\s+RETAIN\\s+(\\d+)\\s+(DAYS?|HOURS?|MINUTES?))?\\s*;?\\s*$");
  private static final Pattern DELETE_TAG =
      Pattern.compile(
          "(?is)^\\s*ALTER\\s+TABLE\\s+"
              + IDENT
              + "\\s+DELETE\\s+TAG\\s+(IF\\s+EXISTS\\s+)?(.+?)\\s*;?\\s*$");
  private static final Pattern RENAME_TAG =
      Pattern.compile(
          "(?is)^\\s*ALTER\\s+TABLE\\s+"
              + IDENT
              + "\\s+RENAME\\s+TAG\\s+"
              + NAME
              + "\\s+TO\\s+"
              + NAME
              + "\\s*;?\\s*$");
  private static final Pattern SHOW_TAGS =
      Pattern.compile("(?is)^\\s*SHOW\\s+TAGS\\s+" + IDENT + "\\s*;?\\s*$");
  private static final Pattern HINT =
      Pattern.compile("(?is)/\\*\\+\\s*OPTIONS\\s*\\((.*?)\\)\\s*\\*/");
  private static final Pattern CALL_SYS = Pattern.compile("(?is)^(\\s*CALL\\s+)(sys\\s*\\.)");

  private StatementRewriter() {}

  /**
   * The rewritten statement, or empty when the statement is not Strata syntax.
   *
   * @param procedureCatalog the catalog to run {@code CALL sys.*} in when the current catalog has
   *     no procedures; null when the current one has them
   */
  public static Optional<String> rewrite(String sql, String procedureCatalog) {
    Matcher m = CREATE_TAG.matcher(sql);
    if (m.matches()) {
      return Optional.of(createTag(m, procedureCatalog));
    }
    m = DELETE_TAG.matcher(sql);
    if (m.matches()) {
      List<String> names = new ArrayList<>();
      for (String n : m.group(3).split(",")) {
        names.add(unquote(n.trim()));
      }
      return Optional.of(
          call(
              procedureCatalog,
              m.group(1),
              "delete_tag",
              "tag => " + literal(String.join(",", names)),
              m.group(2) == null ? "mode => 'strict'" : null));
    }
    m = RENAME_TAG.matcher(sql);
    if (m.matches()) {
      return Optional.of(
          call(
              procedureCatalog,
              m.group(1),
              "rename_tag",
              "tag => " + literal(unquote(m.group(2))),
              "target_tag => " + literal(unquote(m.group(3)))));
    }
    m = SHOW_TAGS.matcher(sql);
    if (m.matches()) {
      return Optional.of(
          "SELECT tag_name FROM " + systemTable(m.group(1), "tags") + " ORDER BY tag_name");
    }
    String rewritten = sql;
    Matcher hint = HINT.matcher(rewritten);
    if (hint.find()) {
      rewritten = hint.replaceAll(r -> " WITH (" + Matcher.quoteReplacement(r.group(1)) + ") ");
    }
    if (procedureCatalog != null) {
      Matcher call = CALL_SYS.matcher(rewritten);
      if (call.find()) {
        rewritten = call.replaceFirst("$1" + Matcher.quoteReplacement(procedureCatalog) + ".$2");
      }
    }
    return rewritten.equals(sql) ? Optional.empty() : Optional.of(rewritten);
  }

  private static String createTag(Matcher m, String procedureCatalog) {
    String verb = m.group(2).toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
    String mode =
        switch (verb) {
          case "CREATE OR REPLACE" -> "create_or_replace";
          case "REPLACE" -> "replace";
          default -> m.group(3) != null ? "if_not_exists" : null;
        };
    List<String> args = new ArrayList<>();
    args.add("tag => " + literal(unquote(m.group(4))));
    if (m.group(5) != null) {
      args.add("snapshot => " + m.group(5));
    }
    if (m.group(6) != null) {
      args.add("time_retained => " + literal(m.group(6) + " " + unit(m.group(7))));
    }
    if (mode != null) {
      args.add("mode => " + literal(mode));
    }
    return call(procedureCatalog, m.group(1), "create_tag", args.toArray(new String[0]));
  }

  private static String unit(String retainUnit) {
    String u = retainUnit.toUpperCase(Locale.ROOT);
    return u.startsWith("DAY") ? "d" : u.startsWith("HOUR") ? "h" : "min";
  }

  private static String call(
      String procedureCatalog, String table, String procedure, String... args) {
    String[] parts = table.split("\\.(?=(?:[^`]*`[^`]*`)*[^`]*$)");
    String catalog = parts.length == 3 ? unquote(parts[0]) : procedureCatalog;
    String tableArg =
        parts.length == 3
            ? unquote(parts[1]) + "." + unquote(parts[2])
            : String.join(
                ".", java.util.Arrays.stream(parts).map(StatementRewriter::unquote).toList());
    StringBuilder sb = new StringBuilder("CALL ");
    if (catalog != null) {
      sb.append('`').append(catalog).append("`.");
    }
    sb.append("sys.").append(procedure).append("(table => ").append(literal(tableArg));
    for (String a : args) {
      if (a != null) {
        sb.append(", ").append(a);
      }
    }
    return sb.append(')').toString();
  }

  /** {@code db.t} as {@code db.`t$name`}. */
  private static String systemTable(String table, String name) {
    String[] parts = table.split("\\.(?=(?:[^`]*`[^`]*`)*[^`]*$)");
    parts[parts.length - 1] = "`" + unquote(parts[parts.length - 1]) + "$" + name + "`";
    return String.join(".", parts);
  }

  private static String unquote(String s) {
    return s.startsWith("`") && s.endsWith("`") ? s.substring(1, s.length() - 1) : s;
  }

  private static String literal(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
