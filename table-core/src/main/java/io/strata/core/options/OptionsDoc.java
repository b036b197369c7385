package io.strata.core.options;

/** Renders every option definition as the Markdown page {@code docs/reference/options.md}. */
public final class OptionsDoc {

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

  /** The whole {@code docs/reference/options.md} page. */
  public static String page() {
    return "# Table options\n\n"
        + "<!-- Generated from the code's definitions by scripts/docs; do not edit by hand. -->\n\n"
        + "Set as `TBLPROPERTIES` at CREATE / ALTER TABLE, for one read as a read option"
        + " (`WITH (...)`, a hint or a DataFrame reader option), or for the session as"
        + " `spark.strata.<key>` ([Spark configuration](spark-configuration.md)). Keys and defaults"
        + " are Apache Paimon's; unknown keys are kept, known keys are checked and a bad value names"
        + " the key, the value and what is allowed. Options marked \"Catalog option\" are set per"
        + " catalog instead.\n\n"
        + markdownTable();
  }
}
