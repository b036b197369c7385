/** The Paimon table format and its algorithms, usable from plain Java without Spark. */
package io.strata.core;
