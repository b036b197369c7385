package io.strata.core.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/reference/options.md} is generated from the definitions. Regenerate it with {@code
 * scripts/docs} (this test with {@code -Dstrata.docs.regenerate=true}).
 */
class OptionsDocTest {

  @Test
  void optionsPageMatchesTheDefinitions() throws Exception {
    Path page = Paths.get("").toAbsolutePath().getParent().resolve("docs/reference/options.md");
    String expected = OptionsDoc.page();
    if (Boolean.getBoolean("strata.docs.regenerate")) {
      Files.createDirectories(page.getParent());
      Files.writeString(page, expected);
    }
    assertThat(page).as("docs/reference/options.md is missing: run scripts/docs").exists();
    assertThat(Files.readString(page))
        .as("docs/reference/options.md is stale: run scripts/docs and commit the result")
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
