package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Guards RocksDB's key hash (XXPH3, {@code Hash64}/{@code GetSliceHash64}): it gives the values RocksDB's
 * own schema tests pin (short inputs one by one, and one letter per length up to 430 bytes), the values
 * RocksDB 7.8.3's library gives over xxHash's sanity buffer at every length class up to 4160 bytes (several
 * blocks and scrambles) with and without a seed, and its 8-byte key form equals the general function on
 * the key's big-endian bytes. It differs from the released XXH3 at every length class.
 */
final class Xxph3Test {

    /** {@code HashTest.Hash64SmallValueSchema}, facebook/rocksdb util/hash_test.cc at v10.10.1 (4595a5e95ae8). */
    @ParameterizedTest(name = "input={0}")
    @CsvSource({
        "'', 5999572062939766020",
        "08, 583283813901344696",
        "17, 16175549975585474943",
        "9a, 16322991629225003903",
        "1c, 13269285487706833447",
        "4d76, 6859542833406258115",
        "52d5, 4919611532550636959",
        "91f7, 14199427467559720719",
        "d627, 12292689282614532691",
        "30460b, 11404699285340020889",
        "56dcd6, 12404347133785524237",
        "d45233, 15853805298481534034",
        "6ab5f4, 16863488758399383382",
        "6753811c, 9010661983527562386",
        "69b8c088, 6611781377647041447",
        "1e84af2d, 15290969111616346501",
        "46dc54be, 7063754590279313623",
        "d07a6eea56, 6384167718754869899",
        "8683d5a4d8, 16874407254108011067",
        "b746bb77ce, 16809880630149135206",
        "6ca8bce599, 1249038833153141148",
        "5c5ee1a07381, 17358142495308219330",
        "085d731ce52e, 4237646583134806322",
        "42fbf252b410, 4373664924115234051",
        "73e1ff569cce, 12012981210634596029",
        "5cbe9775549a52, 5716522398211028826",
        "16823949882b36, 15604531309862565013",
        "5977f0a724f478, 8601330687345614172",
        "d3a57c0ec00207, 8088079329364056942",
        "311b98759622d39a, 9844314944338447628",
        "38d6f72820b48ae9, 10973293517982163143",
        "bb185df41203f799, 9986007080564743219",
        "80d43b3bae22a278, 1729303145008254458",
        "1ab5d0feabc361b299, 13253403748084181481",
        "8e4ac318202f06e63c, 7768754303876232188",
        "b6c0dd053fc4864cef, 12439346786701492",
        "9a5f780daf50e11f55, 10841838338450144690",
        "226f391ff8dd4f521794, 12883919702069153152",
        "32892a75483a4a0269dd, 12692903507676842188",
        "06925cf4880e7e68383e, 6540985900674032620",
        "bd2c6338bfe978b7bf15, 10551812464348219044",
    })
    void hash64_rocksDbSmallValueSchema_givesPinnedValue(String inputHex, String expected) {
        byte[] input = HexFormat.of().parseHex(inputHex);
        assertEquals(Long.parseUnsignedLong(expected), Xxph3.hash64(input));
    }

    /**
     * {@code Hash64TestDescriptor} of util/hash_test.cc: for each length i below the limit, the letter
     * {@code mod61_encode[hash(first i bytes of the repeated string) % 61]} (unsigned remainder).
     */
    private static String descriptor(String repeat, int limit) {
        String alphabet = "abcdefghijklmnopqrstuvwxyz123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        byte[] input = repeat.repeat(limit / repeat.length() + 1).getBytes(StandardCharsets.US_ASCII);
        StringBuilder letters = new StringBuilder(limit);
        for (int i = 0; i < limit; i++) {
            letters.append(alphabet.charAt((int) Long.remainderUnsigned(Xxph3.hash64(input, 0, i), 61)));
        }
        return letters.toString();
    }

    /** {@code HashTest.Hash64LargeValueSchema}, util/hash_test.cc at v10.10.1: lengths 0 to 429. */
    @Test
    void hash64_rocksDbLargeValueSchema_givesPinnedDescriptors() {
        assertEquals("cRhyWsY67B6klRA1udmOuiYuX7IthyGBKqbeosz2hzVglWCmQx8nEdnpkvPfYX56Up2OWOTV"
                + "lTzfAoYwvtqKzjD8E9xttR2unelbXbIV67NUe6bOO23BxaSFRcA3njGu5cUWfgwOqNoTsszp"
                + "uPvKRP6qaUR5VdoBkJUCFIefd7edlNK5mv6JYWaGdwxehg65hTkTmjZoPKxTZo4PLyzbL9U4"
                + "xt12ITSfeP2MfBHuLI2z2pDlBb44UQKVMx27LEoAHsdLp3WfWfgH3sdRBRCHm33UxCM4QmE2"
                + "xJ7gqSvNwTeH7v9GlC8zWbGroyD3UVNeShMLx29O7tH1biemLULwAHyIw8zdtLMDpEJ8m2ic"
                + "l6Lb4fDuuFNAs1GCVUthjK8CV8SWI8Rsz5THSwn5CGhpqUwSZcFknjwWIl5rNCvDxXJqYr",
                descriptor("foo", 430));
        assertEquals("c1EeRkrzgOYWLA8PuhJrwTePJewoB44WdXYDfhbk3ZxTqqg25WlPExDl7IKIQLJvnA6gJxxn"
                + "9TCSLkFGfJeXehaSS1GBqWSzfhEH4VXiXIUCuxJXxtKXcSC6FrNIQGTZbYDiUOLD6Y5inzrF"
                + "9etwQhXUBanw55xAUdNMFQAm2GjJ6UDWp2mISLiMMkLjANWMKLaZMqaFLX37qB4MRO1ooVRv"
                + "zSvaNRSCLxlggQCasQq8icWjzf3HjBlZtU6pd4rkaUxSzHqmo9oM5MghbU5Rtxg8wEfO7lVN"
                + "5wdMONYecslQTwjZUpO1K3LDf3K3XK6sUXM6ShQQ3RHmMn2acB4YtTZ3QQcHYJSOHn2DuWpa"
                + "Q8RqzX5lab92YmOLaCdOHq1BPsM7SIBzMdLgePNsJ1vvMALxAaoDUHPxoFLO2wx18IXnyX",
                descriptor("Rocks", 430));
        assertEquals("c1EeRkukbkb28wLTahwD2sfUhZzaBEnF8SVrxnPVB6A7b8CaAl3UKsDZISF92GSq2wDCukOq"
                + "Jgrsp7A3KZhDiLW8dFXp8UPqPxMCRlMdZeVeJ2dJxrmA6cyt99zkQFj7ELbut6jAeVqARFnw"
                + "fnWVXOsaLrq7bDCbMcns2DKvTaaqTCLMYxI7nhtLpFN1jR755FRQFcOzrrDbh7QhypjdvlYw"
                + "cdAMSZgp9JMHxbM23wPSuH6BOFgxejz35PScZfhDPvTOxIy1jc3MZsWrMC3P324zNolO7JdW"
                + "CX2I5UDKjjaEJfxbgVgJIXxtQGlmj2xkO5sPpjULQV4X2HlY7FQleJ4QRaJIB4buhCA4vUTF"
                + "eMFlxCIYUpTCsal2qsmnGOWa8WCcefrohMjDj1fjzSvSaQwlpyR1GZHF2uPOoQagiCpHpm",
                descriptor("RocksDB", 430));
    }

    /**
     * Values printed by {@code rocksdb::Hash64(buffer, length, seed)} of Debian's librocksdb 7.8.3 over
     * xxHash's sanity buffer (see the file's header); lengths up to 4160 cover whole blocks, scrambles,
     * partial blocks and a final stripe on and off a 64-byte boundary, which RocksDB's own vectors (at
     * most 429 bytes, seed 0) do not reach.
     */
    @ParameterizedTest(name = "len={0} seed={1}")
    @CsvFileSource(resources = "rocksdb-hash64-sanity-buffer.csv")
    void hash64_sanityBuffer_givesRocksDbLibraryValue(int length, String seedHex, String expectedHex) {
        byte[] buffer = Xxh3Test.sanityBuffer(4160);
        long seed = Long.parseUnsignedLong(seedHex, 16);
        assertEquals(Long.parseUnsignedLong(expectedHex, 16), Xxph3.hash64(buffer, 0, length, seed));
        if (seed == 0) {
            assertEquals(Long.parseUnsignedLong(expectedHex, 16), Xxph3.hash64(Arrays.copyOf(buffer, length)));
        }
    }

    @Test
    void hash64_everyLengthClass_differsFromReleasedXxh3() {
        byte[] buffer = Xxh3Test.sanityBuffer(4160);
        for (int length : new int[] {0, 1, 3, 4, 8, 9, 16, 17, 128, 129, 240, 241, 1024, 4160}) {
            for (long seed : new long[] {0L, Xxh3Test.PRIME64}) {
                long preview = Xxph3.hash64(buffer, 0, length, seed);
                long release = Xxh3.hash64(buffer, 0, length, seed);
                assertNotEquals(release, preview, "length " + length + " seed " + seed);
            }
        }
    }

    @Test
    void hash64OfLong_anyKey_equalsGeneralHashOfBigEndianBytes() {
        SplittableRandom random = new SplittableRandom(20_191_120L);
        long[] edges = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x0102_0304_0506_0708L};
        for (int i = 0; i < 10_000 + edges.length; i++) {
            long key = i < edges.length ? edges[i] : random.nextLong();
            byte[] bytes = ByteBuffer.allocate(Long.BYTES).putLong(key).array();
            assertEquals(Xxph3.hash64(bytes), Xxph3.hash64(key), () -> Long.toHexString(key));
        }
    }

    @Test
    void hash64_offsetRange_sameAsCopyOfTheRange() {
        byte[] buffer = Xxh3Test.sanityBuffer(3000);
        for (int length : new int[] {0, 2, 7, 15, 100, 200, 240, 241, 1024, 1025, 2500}) {
            for (int offset : new int[] {1, 7, 13}) {
                byte[] copy = Arrays.copyOfRange(buffer, offset, offset + length);
                assertEquals(Xxph3.hash64(copy, 0, length, 5L), Xxph3.hash64(buffer, offset, length, 5L),
                        "length " + length + " offset " + offset);
            }
        }
    }
}
