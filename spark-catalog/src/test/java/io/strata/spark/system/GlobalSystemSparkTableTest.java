package io.strata.spark.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GlobalSystemSparkTableTest {

  @Test
  void catalogOptionsThatNameASecretAreMaskedAndTheOthersShownInOrder() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("warehouse", "s3a://bucket/wh");
    options.put("fs.s3a.secret.key", "abc");
    options.put("jdbc.Password", "pw");
    options.put("oauth.token", "t");
    options.put("gcs.credentials.json", "{}");
    options.put("cache-enabled", "true");

    assertThat(GlobalSystemSparkTable.masked(options))
        .containsExactly(
            Map.entry("warehouse", "s3a://bucket/wh"),
            Map.entry("fs.s3a.secret.key", "******"),
            Map.entry("jdbc.Password", "******"),
            Map.entry("oauth.token", "******"),
            Map.entry("gcs.credentials.json", "******"),
            Map.entry("cache-enabled", "true"));
  }
}
