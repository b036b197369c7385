package io.strata.core.fileindex;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The published XXH64 (seed 0) values, across the 32-byte stripes and 8/4/1-byte tails. */
class XxHash64Test {

  @Test
  void hashesAsThePublishedValues() {
    assertThat(hash("")).isEqualTo(0xEF46DB3751D8E999L);
    assertThat(hash("a")).isEqualTo(0xD24EC4F1A98C6E5BL);
    assertThat(hash("abc")).isEqualTo(0x44BC2CF5AD770999L);
    assertThat(hash("Nobody inspects the spammish repetition")).isEqualTo(0xFBCEA83C8A378BF1L);
  }

  private static long hash(String s) {
    return XxHash64.hash(s.getBytes(StandardCharsets.UTF_8));
  }
}
