package org.monkeyeval.engine.sst;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * XXH32, XXH64 and XXH3-64 reproduce xxHash's own sanity vectors (Cyan4973/xxHash
 * cli/xsum_sanity_check.c, commit b2e9dbb05fb7f45ad662e67969e92c48b9b32247: XSUM_XXH32_testdata,
 * XSUM_XXH64_testdata, the seed-0 rows of XSUM_XXH3_testdata), over the buffer that file's
 * XSUM_fillTestBuffer makes. The XXH3 rows cover every length class (0, 1-3, 4-8, 9-16, 17-128,
 * 129-240, one block, several blocks with and without a partial last block).
 */
final class XxHashTest {

    static final long PRIME32 = 2654435761L;
    static final long PRIME64 = 0x9E3779B185EBCA8DL; // 11400714785074694797, as in xsum_sanity_check.c

    /** XSUM_fillTestBuffer: byte i is the top byte of PRIME32 * PRIME64^i (mod 2^64). */
    static byte[] sanityBuffer(int length) {
        byte[] b = new byte[length];
        long gen = PRIME32;
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (gen >>> 56);
            gen *= PRIME64;
        }
        return b;
    }

    @ParameterizedTest(name = "XXH32 len={0} seed={1}")
    @CsvSource({"0,0,02CC5D05", "0,2654435761,36B78AE7", "1,0,CF65B03E", "1,2654435761,B4545AA4",
        "14,0,1208E7E2", "14,2654435761,6AF1D1FE", "222,0,5BD11DBD", "222,2654435761,58803C5F"})
    void xxh32_sanityBuffer_matchesXxhashVectors(int length, long seed, String hex) {
        assertEquals(Integer.parseUnsignedInt(hex, 16), XxHash.xxh32(sanityBuffer(length), 0, length, (int) seed));
    }

    @ParameterizedTest(name = "XXH64 len={0} seed={1}")
    @CsvSource({"0,0,EF46DB3751D8E999", "0,2654435761,AC75FDA2929B17EF", "1,0,E934A84ADB052768",
        "1,2654435761,5014607643A9B4C3", "4,0,9136A0DCA57457EE", "14,0,8282DCC4994E35C8",
        "14,2654435761,C3BD6BF63DEB6DF0", "222,0,B641AE8CB691C174", "222,2654435761,20CB8AB7AE10C14A"})
    void xxh64_sanityBuffer_matchesXxhashVectors(int length, long seed, String hex) {
        assertEquals(Long.parseUnsignedLong(hex, 16), XxHash.xxh64(sanityBuffer(length), 0, length, seed));
    }

    @ParameterizedTest(name = "XXH3 len={0}")
    @CsvSource({"0,2D06800538D394C2", "1,C44BDFF4074EECDB", "6,27B56A84CD2D7325", "12,A713DAF0DFBB77E7",
        "24,A3FE70BF9D3510EB", "48,397DA259ECBA1F11", "80,BCDEFBBB2C47C90A", "195,CD94217EE362EC3A",
        "403,CDEB804D65C6DEA4", "512,617E49599013CB6B", "2048,DD59E2C3A5F038E0", "2099,C6B9D9B3FC9AC765",
        "2240,6E73A90539CF2948", "2367,CB37AEB9E5D361ED"})
    void xxh3_sanityBuffer_matchesXxhashVectors(int length, String hex) {
        assertEquals(Long.parseUnsignedLong(hex, 16), XxHash.xxh3(sanityBuffer(length), 0, length));
    }

    @ParameterizedTest(name = "XXH3 len={0} at offset 5")
    @CsvSource({"0,2D06800538D394C2", "12,A713DAF0DFBB77E7", "195,CD94217EE362EC3A", "2099,C6B9D9B3FC9AC765"})
    void xxh3_offsetIntoLargerArray_sameAsAlone(int length, String hex) {
        byte[] shifted = new byte[length + 9];
        System.arraycopy(sanityBuffer(length), 0, shifted, 5, length);
        assertEquals(Long.parseUnsignedLong(hex, 16), XxHash.xxh3(shifted, 5, length));
    }
}
