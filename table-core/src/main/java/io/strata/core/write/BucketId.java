package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import java.io.Serializable;

/** One bucket of one partition: the unit of writing, merging and splitting. */
public record BucketId(BinaryRow partition, int bucket) implements Serializable {}
