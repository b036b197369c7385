package io.strata.core.options;

/** Renders every option definition as the Markdown table the README shows. */
public final class OptionsDoc {

  public static final String BEGIN = "<!-- options-table -->";
  public static final String END = "<!-- /options-table -->";

  private OptionsDoc() {}

  public static String markdownTable() {
    StringBuilder sb = new StringBuilder();
    sb.append("| Key | Type | Default | Description |\n");
    sb.append("|---|---|---|---|\n");
    for (ConfigOption<?> o : OptionRegistry.all()) {
      String key = "`" + o.key() + "`";
      if (!o.aliases().isEmpty()) {
        key +=
            " (alias "
                + String.join(", ", o.aliases().stream().map(a -> "`" + a + "`").toList())
                + ")";
      }
      String type =
          o.type() == OptionType.ENUM
              ? String.join(" \\| ", o.enumValues())
              : o.type().name().toLowerCase();
      sb.append("| ")
          .append(key)
          .append(" | ")
          .append(type)
          .append(" | ")
          .append(o.defaultValueText())
          .append(" | ")
          .append(o.description().replace("|", "\\|"))
          .append(" |\n");
    }
    for (FieldOption<?> o : OptionRegistry.fieldOptions()) {
      sb.append("| `")
          .append(o.keyPattern())
          .append("` | ")
          .append(o.type().name().toLowerCase())
          .append(" | ")
          .append(o.defaultValue() == null ? "(none)" : OptionType.render(o.defaultValue()))
          .append(" | ")
          .append(o.description().replace("|", "\\|"))
          .append(" |\n");
    }
    return sb.toString();
  }

  /** The README text with the table between the markers replaced by the current one. */
  public static String updateReadme(String readme) {
    int begin = readme.indexOf(BEGIN);
    if (begin < 0) {
      throw new IllegalArgumentException("README has no " + BEGIN + " marker.");
    }
    int end = readme.indexOf(END, begin);
    String tail =
        end < 0 ? readme.substring(begin + BEGIN.length()) : readme.substring(end + END.length());
    return readme.substring(0, begin) + BEGIN + "\n" + markdownTable() + END + tail;
  }
}
