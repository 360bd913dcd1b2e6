// Builds filters and tables with the installed LevelDB (Debian's libleveldb-dev) for
// LevelDbAgainstLibraryTest, reading requests from stdin and writing answers to stdout.
//
//   filter BITS N Q        then N keys and Q query keys, one hex token each ("-" is the empty key);
//                          prints the hex of NewBloomFilterPolicy(BITS)->CreateFilter(keys), a space,
//                          and one 0/1 per query key: KeyMayMatch(query, filter)
//   table BITS BLOCK PATH N   then N lines "KEY VALUE" (hex tokens, keys in bytewise order); writes
//                          a table with TableBuilder (filter NewBloomFilterPolicy(BITS), block_size
//                          BLOCK, no compression) to PATH and prints "table SIZE"
//
// Build: g++ -std=c++17 leveldb_filter_check.cc -o check -lleveldb
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <leveldb/env.h>
#include <leveldb/filter_policy.h>
#include <leveldb/options.h>
#include <leveldb/slice.h>
#include <leveldb/status.h>
#include <leveldb/table_builder.h>

namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool ReadHex(std::string* out) {
  std::string token;
  if (!(std::cin >> token)) return false;
  out->clear();
  if (token == "-") return true;
  if (token.size() % 2 != 0) return false;
  for (size_t i = 0; i < token.size(); i += 2) {
    int hi = HexDigit(token[i]);
    int lo = HexDigit(token[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<char>(hi * 16 + lo));
  }
  return true;
}

std::string Hex(const std::string& bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

int Filter() {
  int bits, n, q;
  if (!(std::cin >> bits >> n >> q)) return 2;
  std::unique_ptr<const leveldb::FilterPolicy> policy(leveldb::NewBloomFilterPolicy(bits));
  std::vector<std::string> keys(n);
  for (int i = 0; i < n; i++) {
    if (!ReadHex(&keys[i])) return 2;
  }
  std::vector<leveldb::Slice> slices(keys.begin(), keys.end());
  std::string filter;
  policy->CreateFilter(slices.data(), n, &filter);
  std::string matches;
  for (int i = 0; i < q; i++) {
    std::string query;
    if (!ReadHex(&query)) return 2;
    matches.push_back(policy->KeyMayMatch(query, filter) ? '1' : '0');
  }
  std::cout << Hex(filter) << ' ' << (q == 0 ? "-" : matches) << '\n';
  return 0;
}

int Table() {
  int bits, block;
  long n;
  std::string path;
  if (!(std::cin >> bits >> block >> path >> n)) return 2;
  std::unique_ptr<const leveldb::FilterPolicy> policy(leveldb::NewBloomFilterPolicy(bits));
  leveldb::Options options;
  options.filter_policy = policy.get();
  options.block_size = block;
  options.compression = leveldb::kNoCompression;
  leveldb::WritableFile* raw = nullptr;
  leveldb::Status s = leveldb::Env::Default()->NewWritableFile(path, &raw);
  if (!s.ok()) {
    std::cerr << s.ToString() << '\n';
    return 1;
  }
  std::unique_ptr<leveldb::WritableFile> file(raw);
  leveldb::TableBuilder builder(options, file.get());
  for (long i = 0; i < n; i++) {
    std::string key, value;
    if (!ReadHex(&key) || !ReadHex(&value)) return 2;
    builder.Add(key, value);
  }
  s = builder.Finish();
  if (s.ok()) s = file->Close();
  if (!s.ok()) {
    std::cerr << s.ToString() << '\n';
    return 1;
  }
  std::cout << "table " << builder.FileSize() << '\n';
  return 0;
}

}  // namespace

int main() {
  std::string command;
  while (std::cin >> command) {
    int rc = command == "filter" ? Filter() : command == "table" ? Table() : 2;
    if (rc != 0) {
      std::cerr << "bad request: " << command << '\n';
      return rc;
    }
  }
  return 0;
}
