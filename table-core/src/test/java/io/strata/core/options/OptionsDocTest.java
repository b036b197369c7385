package io.strata.core.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/**
 * The README's option table is generated from the definitions. Regenerate it with {@code mvn -pl
 * table-core test -Dtest=OptionsDocTest -Dstrata.docs.regenerate=true}.
 */
class OptionsDocTest {

  @Test
  void readmeTableMatchesTheDefinitions() throws Exception {
    Path readme = Paths.get("").toAbsolutePath().getParent().resolve("README.md");
    String current = Files.readString(readme);
    String expected = OptionsDoc.updateReadme(current);
    if (Boolean.getBoolean("strata.docs.regenerate")) {
      Files.writeString(readme, expected);
      return;
    }
    assertThat(current)
        .as("README.md option table is stale: rerun with -Dstrata.docs.regenerate=true")
        .isEqualTo(expected);
  }

  @Test
  void everyOptionHasADescriptionAndPaimonsKeyForm() {
    for (ConfigOption<?> o : OptionRegistry.all()) {
      assertThat(o.description()).as(o.key()).isNotBlank();
      assertThat(o.key()).matches("[a-z0-9.-]+");
    }
    assertThat(OptionsDoc.markdownTable()).contains("| `bucket` | int | -1 |");
  }
}
